/**
 * Web Push as a member channel (issue 40 item 2): each of the member's browsers gets the push,
 * encrypted to its keys (RFC 8291, aes128gcm) and signed with Cast's VAPID key (RFC 8292) by the
 * `web-push` library. Content-free unless the member opted into titles (domain/notifications/
 * push-message.ts). A browser the push service says is gone (404, 410) is removed, and the
 * delivery log says so; a member with no browser subscribed is logged as skipped.
 */
import type { Agent } from 'node:https';
import webPush from 'web-push';
import type { Pool } from '../../db/pool';
import { dropPushSubscription, pushTargets, type PushTarget } from '../../db/push-subscriptions';
import type { VapidKeys } from '../../db/vapid-keys';
import { pushPayload, type PushAction } from '../../domain/notifications/push-message';
import { pushActionPlan } from '../../domain/notifications/push-actions';
import { mintAnswerLink } from '../../answer-links/mint-answer-link';
import { getDecision } from '../../db/decision-queries';
import type { OutboxKind } from '../../domain/outbox/event-kinds';
import { urlRefusal } from '../../runtime/public-address';
import type { MemberMessage, MemberTransport, SendOutcome } from '../member-channel';

/** What a push tells a member about: what routeNotification may send on this channel. */
export const PUSH_KINDS: readonly OutboxKind[] = ['decision.opened', 'reminder.due', 'deadline.near', 'notification.test'];

/** A push a phone has not picked up within a day is about a queue that moved on since. */
const TTL_SECONDS = 24 * 60 * 60;
/** How long one push service may take to take a push: a slow one must not hold the notifier's batch. */
const SEND_TIMEOUT_MS = 10_000;

export type PushTransportOptions = {
  pool: Pool;
  vapidKeys: () => Promise<VapidKeys>;
  subject: string;
  /** CAST_WEBHOOK_ALLOW_PRIVATE: push services on loopback (the tests' own). */
  allowPrivate?: boolean;
  /** The TLS agent pushes go through; the tests' push service trusts its own certificate. */
  agent?: Agent;
  /** CAST_ANSWER_LINK_KEY, when set: what a push's answer buttons are signed with; the key kept in PostgreSQL otherwise. */
  answerLinkKey?: string | undefined;
};

/** What the push service said, in the log's words. */
type Attempt = { target: PushTarget; result: 'sent' | 'gone' | 'failed'; detail?: string };

export function pushTransport(options: PushTransportOptions): MemberTransport {
  const attempt = async (target: PushTarget, body: string, topic: string): Promise<Attempt> => {
    const refused = options.allowPrivate ? null : await urlRefusal(new URL(target.endpoint));
    if (refused) return { target, result: 'failed', detail: `${new URL(target.endpoint).host}: ${refused}` };
    const keys = await options.vapidKeys();
    try {
      await webPush.sendNotification(target, body, {
        vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        urgency: 'high',
        topic,
        timeout: SEND_TIMEOUT_MS,
        ...(options.agent ? { agent: options.agent } : {}),
      });
      return { target, result: 'sent' };
    } catch (error) {
      if (error instanceof webPush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        await dropPushSubscription(options.pool, target.id);
        return { target, result: 'gone', detail: `the push service answered ${error.statusCode}` };
      }
      const status =
        error instanceof webPush.WebPushError ? `HTTP ${error.statusCode}` : error instanceof Error ? error.message : String(error);
      return { target, result: 'failed', detail: status };
    }
  };

  return {
    channel: 'push',
    kinds: PUSH_KINDS,
    async send(message: MemberMessage): Promise<SendOutcome> {
      const targets = await pushTargets(options.pool, message.workspaceId, message.member.id);
      if (targets.length === 0) return { status: 'skipped', detail: 'no browser subscribed' };
      const payload = pushPayload(message.event, message.settings);
      const actions = await answerActions(options, message);
      if (actions.length) payload.actions = actions;
      // A topic is at most 32 URL-safe characters: a later push on the same decision replaces an undelivered one.
      const topic = payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || 'cast';
      const attempts = await Promise.all(targets.map((target) => attempt(target, JSON.stringify(payload), topic)));
      return outcomeOf(attempts);
    },
  };
}

/**
 * The notification's answer buttons (domain/notifications/push-actions.ts), each an answer link
 * for this member bound to the decision as it is now. Only the link's path travels: the service
 * worker opens it on the origin it serves, whatever CAST_PUBLIC_URL says.
 */
async function answerActions(options: PushTransportOptions, message: MemberMessage): Promise<PushAction[]> {
  const { event } = message;
  if (event.subject.kind !== 'decision' || event.kind === 'notification.test') return [];
  const decision = await getDecision(options.pool, { workspaceId: message.workspaceId }, event.subject.id);
  if (!decision) return [];
  const links = { pool: options.pool, key: options.answerLinkKey, publicUrl: LINK_ORIGIN };
  return Promise.all(
    pushActionPlan(decision, message.settings.push.showTitles).map(async ({ action, title, ...answer }) => {
      const url = await mintAnswerLink(links, {
        workspace: message.workspaceId,
        member: message.member.id,
        decision: decision.id,
        revision: decision.revision,
        channel: 'push',
        ...answer,
      });
      return { action, title, url: new URL(url).pathname };
    }),
  );
}

/** A stand-in origin for minting: only the path of a push's links is sent. */
const LINK_ORIGIN = 'https://cast.invalid';

/** One line for the member's log: sent when any browser took it, with what happened to the rest. */
function outcomeOf(attempts: Attempt[]): SendOutcome {
  const sent = attempts.filter((one) => one.result === 'sent').length;
  const gone = attempts.filter((one) => one.result === 'gone');
  const failed = attempts.filter((one) => one.result === 'failed');
  const notes = [
    ...gone.map((one) => `a browser is gone (${one.detail}); its subscription was removed`),
    ...failed.map((one) => `a browser could not be reached (${one.detail})`),
  ];
  const detail = notes.length ? notes.join('; ') : null;
  if (sent > 0) return { status: 'sent', detail: detail && `sent to ${sent} of ${attempts.length} browsers; ${detail}` };
  // Every browser gone: their subscriptions are removed, so a retry would find none to push to.
  return { status: 'failed', detail, retry: failed.length > 0 };
}
