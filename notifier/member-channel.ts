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
import { routeNotification } from '../domain/notifications/route-notification';
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
export type SendOutcome = { status: 'sent' | 'skipped' | 'failed'; detail: string | null };

/** A transport's refusal as the delivery log shows it (the address bounced, the push endpoint is gone). */
export function failureDetail(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function memberChannel(pool: Pool, transport: MemberTransport, clock: () => Date = () => new Date()): ChannelProvider {
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
      const member = recipients.get(memberId) ?? (await audienceOf(pool, transport.channel, event)).find((row) => row.id === memberId);
      if (!member) return;
      const settings = await getNotificationSettings(pool, event.workspaceId, memberId);
      const route = routeNotification({
        channel: transport.channel,
        event,
        memberId,
        settings,
        timeZone: settings.timeZone ?? member.timeZone ?? 'UTC',
        present: await isPresent(pool, event.workspaceId, memberId),
        now: clock(),
      });
      // A channel that is off, or an event not for this member, is not worth a line in their log.
      if (route.action === 'skip' && (route.reason === 'channel_off' || route.reason === 'not_for_member')) return;
      const base = { workspaceId: event.workspaceId, memberId, channel: transport.channel, kind: event.kind, eventId: event.id };
      const decisionId = event.subject.kind === 'decision' ? event.subject.id : null;
      if (route.action !== 'send') {
        await recordDelivery(pool, { ...base, decisionId, status: route.action === 'hold' ? 'held' : 'skipped', detail: route.reason });
        return;
      }
      const id = await recordDelivery(pool, { ...base, decisionId, status: 'pending' });
      if (id === null) return; // handed on before: sent once is enough
      try {
        const outcome = await transport.send({ event, member, settings, workspaceId: event.workspaceId });
        await updateDelivery(pool, id, outcome?.status ?? 'sent', outcome?.detail ?? null);
      } catch (error) {
        await updateDelivery(pool, id, 'failed', failureDetail(error));
      }
    },
  };
}

/**
 * Whom an event reaches on this channel: a test message only the member who asked for it, on the
 * channel they named, whatever their role (a viewer may test theirs); anything else the
 * decision's people.
 */
async function audienceOf(pool: Pool, channel: MemberChannel, event: OutboxEvent): Promise<Recipient[]> {
  if (event.kind !== 'notification.test') return membersWhoAnswer(pool, event.workspaceId);
  const test = (event as OutboxEvent<'notification.test'>).data;
  if (test.channel !== channel) return [];
  const member = await recipientById(pool, event.workspaceId, test.memberId);
  return member ? [member] : [];
}
