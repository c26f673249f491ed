/**
 * The member channels' delivery log (migration 0030). A delivery from an outbox event is
 * written once per (channel, member, event): the notifier may hand a batch on twice, and the
 * second hand-off finds the row and sends nothing (`recordDelivery` says whether it was new).
 */
import type { DeliveryStatus, MemberChannel, NotificationDelivery } from '../domain/notifications/delivery';
import type { Queryable } from './pool';

export type NewDelivery = {
  workspaceId: string;
  memberId: string;
  channel: MemberChannel;
  kind: string;
  eventId: string | null;
  decisionId: string | null;
  status: DeliveryStatus;
  detail?: string | null;
};

/**
 * Claims the delivery: the new row's id, or null when this channel already took this event for
 * this member (send nothing then). A delivery without an event (a digest, a test) is always new.
 */
export async function recordDelivery(db: Queryable, delivery: NewDelivery): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `insert into notification_deliveries (workspace_id, member_id, channel, kind, event_id, decision_id, status, detail)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (channel, member_id, event_id) where event_id is not null do nothing
     returning id::text`,
    [
      delivery.workspaceId,
      delivery.memberId,
      delivery.channel,
      delivery.kind,
      delivery.eventId,
      delivery.decisionId,
      delivery.status,
      delivery.detail ?? null,
    ],
  );
  return rows[0]?.id ?? null;
}

/**
 * Records how an attempt ended: a retry counts one more attempt; `nextAttemptAt` is when the
 * next try is due (a failure the schedule tries again), null otherwise.
 */
export async function updateDelivery(
  db: Queryable,
  id: string,
  status: DeliveryStatus,
  detail: string | null,
  retried = false,
  nextAttemptAt: Date | null = null,
): Promise<void> {
  await db.query(
    `update notification_deliveries
        set status = $2, detail = $3, attempts = attempts + $4, next_attempt_at = $5, updated_at = now()
      where id = $1`,
    [id, status, detail, retried ? 1 : 0, nextAttemptAt],
  );
}

/** What a retry needs of a delivery: whom, on which channel, for which outbox event, and how it stands. */
export type DeliveryToRetry = {
  id: string;
  workspaceId: string;
  memberId: string;
  channel: MemberChannel;
  eventId: string | null;
  status: DeliveryStatus;
};

export async function deliveryToRetry(db: Queryable, id: string): Promise<DeliveryToRetry | null> {
  const { rows } = await db.query<DeliveryToRetry>(
    `select id::text as id, workspace_id as "workspaceId", member_id as "memberId", channel, event_id as "eventId", status
       from notification_deliveries where id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** The member's newest deliveries first, on one channel or all. */
export async function listDeliveries(
  db: Queryable,
  workspaceId: string,
  memberId: string,
  options: { channel?: MemberChannel; limit?: number } = {},
): Promise<NotificationDelivery[]> {
  const { rows } = await db.query<NotificationDelivery>(
    `select id::text as id, channel, kind, event_id as "eventId", decision_id as "decisionId", status, detail, attempts,
            to_char(next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "nextAttemptAt",
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
            to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
       from notification_deliveries
      where workspace_id = $1 and member_id = $2 and ($3::text is null or channel = $3)
      order by created_at desc, id desc
      limit $4`,
    [workspaceId, memberId, options.channel ?? null, options.limit ?? 100],
  );
  return rows;
}
