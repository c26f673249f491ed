/**
 * Slack as a channel (issue 40 item 4). Two duties on one cursor, so a message is always posted
 * before it is updated:
 *
 * - A member transport (`memberChannel`): a new decision (a reminder, a deadline coming, a test)
 *   goes to the member's Slack DM — or, when the workspace chose one, once to its channel — as a
 *   Block Kit message whose buttons answer (slack/decision-message.ts). Each post is stored
 *   (channel + ts per decision) so it can be updated.
 * - Updates: when the decision is answered anywhere, resolved, withdrawn, expired or an answer is
 *   undone, every stored message of it is rewritten (chat.update) from the decision as it is now:
 *   who answered and where, and no buttons once it takes no more answers.
 */
import { getDecision } from '../../db/decision-queries';
import { recordDelivery, updateDelivery } from '../../db/notification-deliveries';
import type { Pool } from '../../db/pool';
import { getSlackLink, recordSlackMessage, slackMessagesOf, slackWorkspaceChannel, type StoredSlackMessage } from '../../db/slack';
import type { DecisionView } from '../../domain/decision';
import type { OutboxEvent, OutboxKind } from '../../domain/outbox/event-kinds';
import type { Subscription } from '../../domain/outbox/subscription';
import { answererNames } from '../../slack/answerer-names';
import { BLOCK_KIT_LIMITS, plain, type SlackMessage } from '../../slack/block-kit';
import { decisionMessage } from '../../slack/decision-message';
import type { SlackApi } from '../../slack/slack-api';
import type { ChannelProvider } from '../channel';
import {
  failureDetail,
  memberChannel,
  Undeliverable,
  type MemberMessage,
  type MemberTransport,
  type RetrySchedule,
} from '../member-channel';

export const SLACK_CHANNEL = 'slack';

/** What goes to a member. */
const MEMBER_KINDS = ['decision.opened', 'reminder.due', 'deadline.near', 'notification.test'] as const satisfies readonly OutboxKind[];
/** What rewrites the messages already posted. */
const UPDATE_KINDS = [
  'decision.answered',
  'decision.resolved',
  'decision.withdrawn',
  'decision.expired',
  'answer.withdrawn',
] as const satisfies readonly OutboxKind[];

export type SlackChannelDeps = {
  pool: Pool;
  slack: SlackApi;
  /** CAST_PUBLIC_URL: the base of each message's "Open in Cast". */
  publicUrl?: string | undefined;
  /** A refused post tried again on the schedule (the worker's); without it a refusal is final. */
  retries?: RetrySchedule | undefined;
};

const isUpdate = (kind: OutboxKind) => (UPDATE_KINDS as readonly OutboxKind[]).includes(kind);

export function slackChannel(deps: SlackChannelDeps): ChannelProvider {
  const members = memberChannel(deps.pool, slackTransport(deps), deps.retries ? { retries: deps.retries } : {});
  return {
    name: SLACK_CHANNEL,
    kinds: [...MEMBER_KINDS, ...UPDATE_KINDS],
    async subscriptions(event: OutboxEvent): Promise<Subscription[]> {
      if (!isUpdate(event.kind)) return members.subscriptions(event);
      if (event.subject.kind !== 'decision') return [];
      const posted = await slackMessagesOf(deps.pool, event.workspaceId, event.subject.id);
      return posted.map((message) => ({
        channel: SLACK_CHANNEL,
        kinds: [event.kind],
        audience: message.memberId ? { kind: 'member', memberId: message.memberId } : { kind: 'workspace', workspaceId: event.workspaceId },
        cadence: 'instant',
        target: `${message.channelId}/${message.ts}`,
      }));
    },
    async deliver(event: OutboxEvent, subscription: Subscription): Promise<void> {
      if (!isUpdate(event.kind)) return members.deliver(event, subscription);
      await updateMessage(deps, event, subscription);
    },
  };
}

/** The decision as it is now (never older than the event), for the first post and every update alike. */
async function currentDecision(deps: SlackChannelDeps, event: OutboxEvent): Promise<DecisionView | null> {
  const now = await getDecision(deps.pool, { workspaceId: event.workspaceId }, event.subject.id);
  const carried = 'decision' in event.data ? (event.data.decision as DecisionView) : null;
  if (now && (!carried || now.revision >= carried.revision)) return now;
  return carried;
}

async function render(deps: SlackChannelDeps, event: OutboxEvent, decision: DecisionView): Promise<SlackMessage> {
  const names = await answererNames(deps.pool, event.workspaceId, decision);
  const source = decision.source;
  const waitsUntil = source && 'waitsUntil' in source ? source.waitsUntil : null;
  const expired =
    event.kind === 'decision.expired' || (decision.status === 'withdrawn' && !!waitsUntil && Date.parse(waitsUntil) <= Date.now());
  return decisionMessage({ workspaceId: event.workspaceId, decision, publicUrl: deps.publicUrl, names, expired });
}

async function updateMessage(deps: SlackChannelDeps, event: OutboxEvent, subscription: Subscription): Promise<void> {
  const [channelId, ts] = subscription.target.split('/') as [string, string];
  const decision = await currentDecision(deps, event);
  if (!decision) return;
  // A DM's update is written in its member's delivery log, once per event; the channel's one message has no member.
  const memberId = subscription.audience.kind === 'member' ? subscription.audience.memberId : null;
  const logged = memberId
    ? await recordDelivery(deps.pool, {
        workspaceId: event.workspaceId,
        memberId,
        channel: 'slack',
        kind: event.kind,
        eventId: event.id,
        decisionId: decision.id,
        status: 'pending',
        detail: 'message updated',
      })
    : undefined;
  if (logged === null) return; // updated before: once is enough
  try {
    await deps.slack.update(channelId, ts, await render(deps, event, decision));
    if (logged) await updateDelivery(deps.pool, logged, 'sent', 'message updated');
  } catch (error) {
    if (logged) await updateDelivery(deps.pool, logged, 'failed', `the message could not be updated: ${failureDetail(error)}`);
  }
}

export function slackTransport(deps: SlackChannelDeps): MemberTransport {
  return {
    channel: 'slack',
    kinds: MEMBER_KINDS,
    async send(message: MemberMessage): Promise<void> {
      const { event, member, workspaceId } = message;
      const link = await getSlackLink(deps.pool, workspaceId, member.id);
      if (!link?.linkedAt) throw new Undeliverable('No Slack account is linked: link yours on the notifications page.');
      if (event.kind === 'notification.test') {
        const dm = await deps.slack.openDm(link.slackUserId);
        await deps.slack.post(dm, testMessage());
        return;
      }
      if (event.subject.kind !== 'decision') return;
      const decision = await currentDecision(deps, event);
      if (!decision) return;
      const shared = await slackWorkspaceChannel(deps.pool, workspaceId);
      const posted = await slackMessagesOf(deps.pool, workspaceId, decision.id);
      const existing = posted.find((row) => (shared ? row.channelId === shared : row.memberId === member.id));
      if (event.kind === 'decision.opened' && existing) return; // the channel's one message is posted already
      if (existing) {
        await deps.slack.post(existing.channelId, nudge(event, link.slackUserId, message), { threadTs: existing.ts });
        return;
      }
      const channel = shared ?? (await deps.slack.openDm(link.slackUserId));
      const sent = await deps.slack.post(channel, await render(deps, event, decision));
      const stored: StoredSlackMessage = {
        decisionId: decision.id,
        channelId: sent.channel,
        memberId: shared ? null : member.id,
        ts: sent.ts,
      };
      await recordSlackMessage(deps.pool, workspaceId, stored);
    },
  };
}

function testMessage(): SlackMessage {
  const text = 'A test message from Cast: decisions that need you will reach you here, with buttons to answer them.';
  return { text, blocks: [{ type: 'section', text: plain(text, BLOCK_KIT_LIMITS.sectionText) }] };
}

/** A reminder or a deadline, said in the decision's thread (naming the member in a shared channel). */
function nudge(event: OutboxEvent, slackUserId: string, message: MemberMessage): SlackMessage {
  const zone = message.settings.timeZone ?? message.member.timeZone ?? 'UTC';
  let text = 'Still waiting for your answer.';
  if (event.kind === 'deadline.near') {
    const data = (event as OutboxEvent<'deadline.near'>).data;
    const at = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(
      new Date(data.at),
    );
    text = data.answersWith ? `Answers itself “${data.answersWith}” at ${at} unless you answer.` : `Its agent stops waiting at ${at}.`;
  }
  const mention = `<@${slackUserId}>`;
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `${mention} ${escapeMrkdwn(text)}` } }] };
}

/** Slack's three control characters, escaped as its reference asks for mrkdwn text. */
function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
