/**
 * The delivery log: each event queued for an endpoint, the tries made to deliver it, and what
 * a delivery workflow needs for its next try (the endpoint's URL and its live secrets).
 */
import type { WebhookAttemptOutcome } from '../domain/webhook-delivery';
import type { WebhookAttempt, WebhookDelivery, WebhookDeliveryStatus } from '../domain/webhook-schema';
import { DomainError, notFound } from '../domain/errors';
import { newId } from './ids';
import type { Queryable } from './pool';

/** What a delivery carries: the event's id and type, and the exact body to send. */
export type QueuedEvent = { id: string; type: string; body: string };

/**
 * Queues `event` for a live endpoint, once: a retried announcement finds the delivery already
 * there. Null when the endpoint was removed since the event was planned: it is skipped.
 */
export async function queueDelivery(db: Queryable, endpointId: string, event: QueuedEvent): Promise<{ id: string } | null> {
  const { rows } = await db.query<{ id: string }>(
    `insert into webhook_deliveries (id, workspace_id, endpoint_id, event_id, event_type, body)
     select $1, workspace_id, id, $3, $4, $5 from webhook_endpoints where id = $2 and deleted_at is null
     on conflict (endpoint_id, event_id) do update set event_id = excluded.event_id
     returning id`,
    [newId('whd'), endpointId, event.id, event.type, event.body],
  );
  return rows[0] ?? null;
}

/** A delivery's next try: null when its endpoint was removed meanwhile. */
export type DeliveryTarget = { id: string; eventId: string; eventType: string; body: string; url: string; secrets: string[] };

export async function deliveryTarget(db: Queryable, deliveryId: string): Promise<DeliveryTarget | null> {
  const { rows } = await db.query<DeliveryTarget>(
    `select d.id, d.event_id as "eventId", d.event_type as "eventType", d.body, e.url,
            array[e.secret] || array(select p.secret from webhook_previous_secrets p
                                      where p.endpoint_id = e.id and p.expires_at > now() order by p.expires_at desc) as secrets
       from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id and e.deleted_at is null
      where d.id = $1`,
    [deliveryId],
  );
  return rows[0] ?? null;
}

const STATUS_AFTER: Record<Exclude<WebhookAttemptOutcome, 'skipped'>, WebhookDeliveryStatus> = {
  delivered: 'delivered',
  retry: 'pending',
  failed: 'failed',
};

/** Logs one try and what the delivery is now, in one statement. `nextAttemptAt` only for a retry. */
export async function recordAttempt(
  db: Queryable,
  deliveryId: string,
  attempt: WebhookAttempt,
  outcome: Exclude<WebhookAttemptOutcome, 'skipped'>,
  nextAttemptAt: Date | null,
): Promise<void> {
  await db.query(
    `with attempt as (
       insert into webhook_attempts (delivery_id, at, response_status, error, duration_ms) values ($1, $2, $3, $4, $5)
     )
     update webhook_deliveries set status = $6, next_attempt_at = $7, attempt_count = attempt_count + 1 where id = $1`,
    [deliveryId, attempt.at, attempt.responseStatus, attempt.error, attempt.durationMs, STATUS_AFTER[outcome], nextAttemptAt],
  );
}

type Row = {
  id: string;
  event_id: string;
  event_type: WebhookDelivery['eventType'];
  status: WebhookDeliveryStatus;
  created_at: Date;
  next_attempt_at: Date | null;
  attempt_count: number;
  attempts: Array<{ at: string; response_status: number | null; error: string | null; duration_ms: number }>;
};

const COLUMNS = `d.id, d.event_id, d.event_type, d.status, d.created_at, d.next_attempt_at, d.attempt_count,
  coalesce((select json_agg(a order by a.at desc) from (
     select at, response_status, error, duration_ms from webhook_attempts where delivery_id = d.id order by at desc limit 10
   ) a), '[]') as attempts`;

function toDelivery(row: Row): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
    attemptCount: row.attempt_count,
    attempts: row.attempts.map((attempt) => ({
      at: new Date(attempt.at).toISOString(),
      responseStatus: attempt.response_status,
      error: attempt.error,
      durationMs: attempt.duration_ms,
    })),
  };
}

/** An endpoint's deliveries, newest first; 404 for an endpoint that is not the workspace's. */
export async function listDeliveries(db: Queryable, workspaceId: string, endpointId: string, limit: number): Promise<WebhookDelivery[]> {
  const { rows } = await db.query<Row & { endpoint: string | null }>(
    `select e.id as endpoint, d.* from webhook_endpoints e
       left join lateral (select ${COLUMNS} from webhook_deliveries d where d.endpoint_id = e.id
                           order by d.created_at desc, d.id desc limit $3) d on true
      where e.workspace_id = $1 and e.id = $2 and e.deleted_at is null`,
    [workspaceId, endpointId, limit],
  );
  if (rows.length === 0) throw notFound('webhook');
  return rows.filter((row) => row.id !== null).map(toDelivery);
}

export async function getDelivery(db: Queryable, deliveryId: string): Promise<WebhookDelivery> {
  const { rows } = await db.query<Row>(`select ${COLUMNS} from webhook_deliveries d where d.id = $1`, [deliveryId]);
  return toDelivery(rows[0]!);
}

/**
 * Marks a finished delivery as being tried again, and returns the status it had, so a
 * redelivery that cannot start puts it back. One still being tried is refused: the database,
 * not Temporal, says whether a delivery is in flight.
 */
export async function claimRedelivery(
  db: Queryable,
  workspaceId: string,
  endpointId: string,
  deliveryId: string,
): Promise<{ previous: WebhookDeliveryStatus }> {
  const { rows } = await db.query<{ endpoint: string | null; previous: WebhookDeliveryStatus | null; claimed: boolean }>(
    `with found as (
       select d.id, d.status from webhook_deliveries d
         join webhook_endpoints e on e.id = d.endpoint_id and e.workspace_id = $1 and e.deleted_at is null
        where d.id = $3 and d.endpoint_id = $2 for update of d
     ), claimed as (
       update webhook_deliveries d set status = 'pending', next_attempt_at = null from found
        where d.id = found.id and found.status <> 'pending' returning d.id
     )
     select (select id from webhook_endpoints where workspace_id = $1 and id = $2 and deleted_at is null) as endpoint,
            found.status as previous, (select id from claimed) is not null as claimed
       from (select 1) one left join found on true`,
    [workspaceId, endpointId, deliveryId],
  );
  const row = rows[0]!;
  if (!row.endpoint) throw notFound('webhook');
  if (!row.previous) throw notFound('webhookDelivery');
  if (!row.claimed) {
    throw new DomainError(
      'webhook_delivery_in_flight',
      'Cast is still trying this delivery; redeliver it once it has delivered or failed.',
    );
  }
  return { previous: row.previous };
}

/** A redelivery that could not start leaves the delivery as it found it. */
export async function releaseRedelivery(db: Queryable, deliveryId: string, previous: WebhookDeliveryStatus): Promise<void> {
  await db.query(`update webhook_deliveries set status = $2 where id = $1 and status = 'pending'`, [deliveryId, previous]);
}

/** A ping that could not start is not kept: nothing was sent. */
export async function discardDelivery(db: Queryable, deliveryId: string): Promise<void> {
  await db.query('delete from webhook_deliveries where id = $1 and attempt_count = 0', [deliveryId]);
}
