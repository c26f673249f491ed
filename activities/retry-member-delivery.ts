/**
 * One retry of a member channel's refused message (issue 40 item 10), run by its delivery
 * workflow (workflows/member-delivery-workflow.ts) after each wait of the schedule. It asks
 * again everything the first try asked — is the decision still waiting, is the member still one
 * who answers it, do their settings still send it now — because minutes have passed: a message
 * about a decision answered meanwhile is not sent late, a member who turned the channel off is
 * not reached, and one now in quiet hours has it held for the digest.
 */
import { getDecision } from '../db/decision-queries';
import { deliveryToRetry, updateDelivery } from '../db/notification-deliveries';
import { outboxEventById } from '../db/outbox';
import type { Pool } from '../db/pool';
import type { MemberChannel } from '../domain/notifications/delivery';
import type { MemberRetryOutcome } from '../domain/notifications/delivery-retry';
import type { OutboxEvent, OutboxKind } from '../domain/outbox/event-kinds';
import { attemptSend, recipientOf, routeFor, type MemberTransport } from '../notifier/member-channel';

export type RetryDeps = {
  pool: Pool;
  /** The member transports this worker can send on (worker.ts builds them from its environment). */
  transports: ReadonlyMap<MemberChannel, MemberTransport>;
  clock?: () => Date;
};

/** Kinds that say a decision waits: once it no longer does, their message is not worth sending. */
const WAITING_KINDS: readonly OutboxKind[] = ['decision.opened', 'reminder.due', 'deadline.near'];

/** `retryInMs`: when the schedule tries again after this try fails; null when this try is the last. */
export async function retryMemberDelivery(deps: RetryDeps, deliveryId: string, retryInMs: number | null): Promise<MemberRetryOutcome> {
  const now = (deps.clock ?? (() => new Date()))();
  const delivery = await deliveryToRetry(deps.pool, deliveryId);
  // Settled meanwhile (or never failed): nothing left to try.
  if (!delivery || delivery.status !== 'failed' || !delivery.eventId) return 'skipped';
  const settle = async (status: 'skipped' | 'held' | 'failed', detail: string) => {
    await updateDelivery(deps.pool, deliveryId, status, detail);
    return status === 'failed' ? 'failed' : 'skipped';
  };

  const transport = deps.transports.get(delivery.channel);
  if (!transport) return settle('failed', `not tried again: ${delivery.channel} is not set up on this Cast any more`);
  const event = await outboxEventById(deps.pool, delivery.workspaceId, delivery.eventId);
  if (!event) return settle('failed', 'not tried again: its event is no longer kept');
  if (await noLongerWaiting(deps.pool, event)) return settle('skipped', 'no longer waiting when it was tried again');
  const member = await recipientOf(deps.pool, delivery.channel, event, delivery.memberId);
  if (!member) return settle('skipped', 'not_for_member');
  const { route, settings } = await routeFor(deps.pool, delivery.channel, event, member, now);
  if (route.action !== 'send') return settle(route.action === 'hold' ? 'held' : 'skipped', route.reason);

  const tried = await attemptSend(transport, { event, member, settings, workspaceId: event.workspaceId });
  if (tried.status !== 'failed') {
    await updateDelivery(deps.pool, deliveryId, tried.status, tried.detail, true);
    return tried.status;
  }
  const again = tried.retryable && retryInMs !== null;
  await updateDelivery(deps.pool, deliveryId, 'failed', tried.detail, true, again ? new Date(now.getTime() + retryInMs) : null);
  return again ? 'retry' : 'failed';
}

async function noLongerWaiting(pool: Pool, event: OutboxEvent): Promise<boolean> {
  if (event.subject.kind !== 'decision' || !WAITING_KINDS.includes(event.kind)) return false;
  const decision = await getDecision(pool, { workspaceId: event.workspaceId }, event.subject.id);
  return decision?.status !== 'open';
}
