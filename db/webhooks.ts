/** A workspace's webhook endpoints. The secret leaves Cast only once, when it is created. */
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

export async function createWebhook(
  pool: Pool,
  principal: { workspaceId: string; memberId: string },
  body: CreateWebhookBody,
): Promise<{ webhook: Webhook; secret: string }> {
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const { rows } = await pool.query<Row>(
    `insert into webhook_endpoints (id, workspace_id, url, secret, events, created_by) values ($1, $2, $3, $4, $5, $6)
     returning id, url, events, created_at`,
    [newId('wh'), principal.workspaceId, body.url, secret, body.events, principal.memberId],
  );
  return { webhook: toWebhook(rows[0]!), secret };
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

export type WebhookTarget = { id: string; url: string; secret: string };

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

/** An endpoint deleted since an event was planned is skipped, not retried. */
export async function webhookTarget(db: Queryable, id: string): Promise<WebhookTarget | null> {
  const { rows } = await db.query<WebhookTarget>('select id, url, secret from webhook_endpoints where id = $1 and deleted_at is null', [
    id,
  ]);
  return rows[0] ?? null;
}
