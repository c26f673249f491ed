/** A workspace's webhook endpoints. A secret leaves Cast only once, when it is made (at creation or rotation). */
import { randomBytes } from 'node:crypto';
import type { Webhook, WebhookEventType, WebhookSubscribers } from '../domain/webhook';
import type { CreateWebhookBody } from '../domain/webhook-schema';
import { notFound } from '../domain/errors';
import { newId } from './ids';
import { prepared, type Pool, type Queryable } from './pool';

type Row = { id: string; url: string; events: WebhookEventType[]; created_at: Date };

function toWebhook(row: Row): Webhook {
  return { id: row.id, url: row.url, events: row.events, createdAt: row.created_at.toISOString() };
}

/** Standard Webhooks' form: `whsec_` and 24 random bytes in (standard) base64, which its libraries decode. */
function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** How long a rotated-out secret keeps signing beside the new one. */
export const ROTATION_OVERLAP_HOURS = 24;

export async function createWebhook(
  pool: Pool,
  principal: { workspaceId: string; memberId: string },
  body: CreateWebhookBody,
): Promise<{ webhook: Webhook; secret: string }> {
  const secret = newSecret();
  const { rows } = await pool.query<Row>(
    `insert into webhook_endpoints (id, workspace_id, url, secret, events, created_by) values ($1, $2, $3, $4, $5, $6)
     returning id, url, events, created_at`,
    [newId('wh'), principal.workspaceId, body.url, secret, body.events, principal.memberId],
  );
  return { webhook: toWebhook(rows[0]!), secret };
}

/**
 * A new secret for the endpoint. The one it replaces keeps signing beside it for
 * ROTATION_OVERLAP_HOURS, so a receiver can switch over without refusing a delivery.
 */
export async function rotateWebhookSecret(
  pool: Pool,
  workspaceId: string,
  id: string,
): Promise<{ webhook: Webhook; secret: string; previousSecretExpiresAt: string }> {
  const secret = newSecret();
  const { rows } = await pool.query<Row & { expires_at: Date }>(
    `with old as (
       select id, secret from webhook_endpoints where workspace_id = $1 and id = $2 and deleted_at is null for update
     ), expired as (
       delete from webhook_previous_secrets p using old where p.endpoint_id = old.id and p.expires_at <= now()
     ), kept as (
       insert into webhook_previous_secrets (endpoint_id, secret, expires_at)
       select id, secret, now() + make_interval(hours => $4) from old returning expires_at
     )
     update webhook_endpoints e set secret = $3 from old, kept where e.id = old.id
     returning e.id, e.url, e.events, e.created_at, kept.expires_at`,
    [workspaceId, id, secret, ROTATION_OVERLAP_HOURS],
  );
  const row = rows[0];
  if (!row) throw notFound('webhook');
  return { webhook: toWebhook(row), secret, previousSecretExpiresAt: row.expires_at.toISOString() };
}

/** The workspace's live endpoint, or 404. */
export async function getWebhook(db: Queryable, workspaceId: string, id: string): Promise<Webhook> {
  const { rows } = await db.query<Row>(
    'select id, url, events, created_at from webhook_endpoints where workspace_id = $1 and id = $2 and deleted_at is null',
    [workspaceId, id],
  );
  if (!rows[0]) throw notFound('webhook');
  return toWebhook(rows[0]);
}

export async function listWebhooks(pool: Pool, workspaceId: string): Promise<Webhook[]> {
  const { rows } = await pool.query<Row>(
    'select id, url, events, created_at from webhook_endpoints where workspace_id = $1 and deleted_at is null order by created_at',
    [workspaceId],
  );
  return rows.map(toWebhook);
}

export async function deleteWebhook(pool: Pool, workspaceId: string, id: string): Promise<void> {
  const { rowCount } = await pool.query(
    'update webhook_endpoints set deleted_at = now() where workspace_id = $1 and id = $2 and deleted_at is null',
    [workspaceId, id],
  );
  if (rowCount === 0) throw notFound('webhook');
}

export type SubscriberRow = { id: string; events: WebhookEventType[] };

/**
 * The live endpoints of a workspace subscribed to any of some event types, oldest first; the
 * arguments are the statement's parameter references (`$1`), so other statements can embed it.
 */
export const subscribedEndpoints = (workspace: string, types: string) =>
  `select id, events from webhook_endpoints
    where workspace_id = ${workspace} and deleted_at is null and events && ${types}::text[] order by created_at`;

/** The endpoints subscribed to each of these event types, in one read. */
export async function webhookSubscribers(
  db: Queryable,
  workspaceId: string,
  types: readonly WebhookEventType[],
): Promise<WebhookSubscribers> {
  const { rows } = await db.query<SubscriberRow>(prepared(db, subscribedEndpoints('$1', '$2'), [workspaceId, types]));
  return bySubscribedType(rows, types);
}

/** Every type asked about gets its list, empty when no one subscribes: an absent type means "not read". */
export function bySubscribedType(rows: SubscriberRow[], types: readonly WebhookEventType[]): WebhookSubscribers {
  return Object.fromEntries(types.map((type) => [type, rows.filter((row) => row.events.includes(type)).map((row) => row.id)]));
}
