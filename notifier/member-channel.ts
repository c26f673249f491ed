/**
 * A channel that reaches members (push, email, Slack: issue 40 items 2–4) as one provider
 * shape: its subscriptions are the members who may answer the event's decision, and each
 * delivery is routed by the member's settings, presence and quiet hours
 * (`domain/notifications/route-notification.ts`), claimed once in the delivery log, then handed
 * to the transport. A transport only says how to send one message.
 */
import { recordDelivery, updateDelivery } from '../db/notification-deliveries';
import { membersWhoAnswer, recipientById, type Recipient } from '../db/notification-recipients';
import { getNotificationSettings } from '../db/notification-settings';
import type { Pool } from '../db/pool';
import { isPresent } from '../db/presence';
import type { MemberChannel } from '../domain/notifications/delivery';
import type { NotificationSettings } from '../domain/notifications/notification-settings';
import { routeNotification, type NotificationRoute } from '../domain/notifications/route-notification';
import type { OutboxEvent, OutboxKind } from '../domain/outbox/event-kinds';
import type { Subscription } from '../domain/outbox/subscription';
import type { ChannelProvider } from './channel';

export type MemberMessage = { event: OutboxEvent; member: Recipient; settings: NotificationSettings; workspaceId: string };

export interface MemberTransport {
  readonly channel: MemberChannel;
  /** The kinds this transport tells members about (what `routeNotification` may send). */
  readonly kinds: readonly OutboxKind[];
  /**
   * Hands one message to the transport; throws with a readable message when it refuses. It may
   * say how it went instead (void is `sent`): `skipped` when the member has nowhere to receive it
   * (no browser subscribed), `failed` when only part of it could go, each with its detail.
   */
  send(message: MemberMessage): Promise<void | SendOutcome>;
}

/** A transport's own word on a delivery, for the log (issue 40 item 2: a push to a browser that is gone). */
export type SendOutcome = {
  status: 'sent' | 'skipped' | 'failed';
  detail: string | null;
  /** `false`: a failure no retry mends (every browser gone); a failure is tried again otherwise. */
  retry?: boolean;
};

/** A transport's refusal as the delivery log shows it (the address bounced, the push endpoint is gone). */
export function failureDetail(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A refusal no retry can mend (no address set, no Slack account linked): the log says why and
 * nothing is tried again. Anything else a transport throws is tried again on the schedule.
 */
export class Undeliverable extends Error {}

/** A failed delivery's retry schedule (activities/start-member-retry.ts): when it first tries again, and how it starts. */
export type RetrySchedule = { firstInMs: number; start(deliveryId: string): Promise<void> };

export type MemberChannelOptions = {
  clock?: () => Date;
  /** Tries a refused message again on the schedule; without it a refusal is final (a test's own channel). */
  retries?: RetrySchedule;
};

export function memberChannel(pool: Pool, transport: MemberTransport, options: MemberChannelOptions = {}): ChannelProvider {
  const clock = options.clock ?? (() => new Date());
  const recipients = new Map<string, Recipient>();
  return {
    name: transport.channel,
    kinds: transport.kinds,
    async subscriptions(event: OutboxEvent): Promise<Subscription[]> {
      const members = await audienceOf(pool, transport.channel, event);
      for (const member of members) recipients.set(member.id, member);
      return members.map((member) => ({
        channel: transport.channel,
        kinds: transport.kinds,
        audience: { kind: 'member', memberId: member.id },
        cadence: 'instant',
        target: member.id,
      }));
    },
    async deliver(event: OutboxEvent, subscription: Subscription): Promise<void> {
      if (subscription.audience.kind !== 'member') return;
      const memberId = subscription.audience.memberId;
      const member = recipients.get(memberId) ?? (await recipientOf(pool, transport.channel, event, memberId));
      if (!member) return;
      const routed = await routeFor(pool, transport.channel, event, member, clock());
      // A channel that is off, or an event not for this member, is not worth a line in their log.
      if (routed.route.action === 'skip' && (routed.route.reason === 'channel_off' || routed.route.reason === 'not_for_member')) return;
      const base = { workspaceId: event.workspaceId, memberId, channel: transport.channel, kind: event.kind, eventId: event.id };
      const decisionId = event.subject.kind === 'decision' ? event.subject.id : null;
      if (routed.route.action !== 'send') {
        const status = routed.route.action === 'hold' ? 'held' : 'skipped';
        await recordDelivery(pool, { ...base, decisionId, status, detail: routed.route.reason });
        return;
      }
      const id = await recordDelivery(pool, { ...base, decisionId, status: 'pending' });
      if (id === null) return; // handed on before: sent once is enough
      const tried = await attemptSend(transport, { event, member, settings: routed.settings, workspaceId: event.workspaceId });
      const retries = options.retries;
      if (tried.status === 'failed' && tried.retryable && retries) {
        // Logged before the schedule starts: its first retry finds the row it settles.
        await updateDelivery(pool, id, 'failed', tried.detail, false, new Date(clock().getTime() + retries.firstInMs));
        await retries
          .start(id)
          .catch((error: unknown) => updateDelivery(pool, id, 'failed', `${tried.detail}; not tried again: ${failureDetail(error)}`));
        return;
      }
      await updateDelivery(pool, id, tried.status, tried.detail);
    },
  };
}

/** One try through the transport, as the log records it; `retryable` when the schedule should try again. */
export async function attemptSend(
  transport: MemberTransport,
  message: MemberMessage,
): Promise<{ status: 'sent' | 'skipped' | 'failed'; detail: string | null; retryable: boolean }> {
  try {
    const outcome = await transport.send(message);
    const retryable = outcome?.status === 'failed' && outcome.retry !== false;
    return { status: outcome?.status ?? 'sent', detail: outcome?.detail ?? null, retryable };
  } catch (error) {
    return { status: 'failed', detail: failureDetail(error), retryable: !(error instanceof Undeliverable) };
  }
}

/** The member's settings now and what they say of this event on this channel (a retry asks again: they may have changed). */
export async function routeFor(
  pool: Pool,
  channel: MemberChannel,
  event: OutboxEvent,
  member: Recipient,
  now: Date,
): Promise<{ route: NotificationRoute; settings: NotificationSettings }> {
  const settings = await getNotificationSettings(pool, event.workspaceId, member.id);
  const route = routeNotification({
    channel,
    event,
    memberId: member.id,
    settings,
    timeZone: settings.timeZone ?? member.timeZone ?? 'UTC',
    present: await isPresent(pool, event.workspaceId, member.id),
    now,
  });
  return { route, settings };
}

/** The member an event reaches on this channel, or null when it reaches them no longer (removed, or not theirs). */
export async function recipientOf(pool: Pool, channel: MemberChannel, event: OutboxEvent, memberId: string): Promise<Recipient | null> {
  return (await audienceOf(pool, channel, event)).find((row) => row.id === memberId) ?? null;
}

/**
 * Whom an event reaches on this channel: a test message only the member who asked for it, on the
 * channel they named, whatever their role (a viewer may test theirs); anything else the
 * decision's people, as it is addressed now.
 */
async function audienceOf(pool: Pool, channel: MemberChannel, event: OutboxEvent): Promise<Recipient[]> {
  if (event.kind !== 'notification.test') {
    return membersWhoAnswer(pool, event.workspaceId, event.subject.kind === 'decision' ? event.subject.id : null);
  }
  const test = (event as OutboxEvent<'notification.test'>).data;
  if (test.channel !== channel) return [];
  const member = await recipientById(pool, event.workspaceId, test.memberId);
  return member ? [member] : [];
}
