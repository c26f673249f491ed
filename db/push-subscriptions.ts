/**
 * Members' Web Push subscriptions (issue 40 item 2, migration 0032). Every read and removal is
 * scoped to the member's own workspace and to the member: another person's subscription, like
 * another workspace's, reads as not found.
 */
import type { PushSubscription, PushSubscriptionBody } from '../domain/notifications/push-subscription';
import { notFound } from '../domain/errors';
import { newId } from './ids';
import type { Queryable } from './pool';

/** What the transport needs to encrypt and send to one subscription. */
export type PushTarget = { id: string; endpoint: string; keys: { p256dh: string; auth: string } };

const VIEW = `id, endpoint, user_agent as "userAgent",
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"`;

/**
 * Adds the browser's subscription for the member, or takes it over when the endpoint is already
 * known (the browser subscribed again, or another person signed in on it): one row per endpoint.
 */
export async function addPushSubscription(
  db: Queryable,
  owner: { workspaceId: string; memberId: string },
  body: PushSubscriptionBody,
  userAgent: string | null,
): Promise<{ subscription: PushSubscription; created: boolean }> {
  const { rows } = await db.query<PushSubscription & { created: boolean }>(
    `insert into push_subscriptions (id, workspace_id, member_id, endpoint, p256dh, auth, user_agent)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (endpoint) do update
       set workspace_id = excluded.workspace_id, member_id = excluded.member_id, p256dh = excluded.p256dh,
           auth = excluded.auth, user_agent = excluded.user_agent
     returning ${VIEW}, (xmax = 0) as created`,
    [newId('ps'), owner.workspaceId, owner.memberId, body.endpoint, body.keys.p256dh, body.keys.auth, userAgent],
  );
  const { created, ...subscription } = rows[0]!;
  return { subscription, created };
}

export async function listPushSubscriptions(db: Queryable, workspaceId: string, memberId: string): Promise<PushSubscription[]> {
  const { rows } = await db.query<PushSubscription>(
    `select ${VIEW} from push_subscriptions where workspace_id = $1 and member_id = $2 order by created_at, id`,
    [workspaceId, memberId],
  );
  return rows;
}

/** Removes one of the member's own subscriptions; anyone else's is `push_subscription_not_found`. */
export async function removePushSubscription(db: Queryable, workspaceId: string, memberId: string, id: string): Promise<void> {
  const { rowCount } = await db.query('delete from push_subscriptions where workspace_id = $1 and member_id = $2 and id = $3', [
    workspaceId,
    memberId,
    id,
  ]);
  if (!rowCount) throw notFound('push_subscription');
}

export async function pushTargets(db: Queryable, workspaceId: string, memberId: string): Promise<PushTarget[]> {
  const { rows } = await db.query<{ id: string; endpoint: string; p256dh: string; auth: string }>(
    'select id, endpoint, p256dh, auth from push_subscriptions where workspace_id = $1 and member_id = $2 order by created_at, id',
    [workspaceId, memberId],
  );
  return rows.map((row) => ({ id: row.id, endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }));
}

/** The push service said the subscription is gone (404/410): nothing will ever reach it again. */
export async function dropPushSubscription(db: Queryable, id: string): Promise<void> {
  await db.query('delete from push_subscriptions where id = $1', [id]);
}
