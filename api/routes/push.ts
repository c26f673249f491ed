/** Web Push and presence (declared in domain/routes/push.ts): each route acts on the caller alone. */
import type { Pool } from '../../db/pool';
import { markAway, markPresent } from '../../db/presence';
import { addPushSubscription, listPushSubscriptions, removePushSubscription } from '../../db/push-subscriptions';
import type { VapidKeys } from '../../db/vapid-keys';
import { DomainError } from '../../domain/errors';
import type { PersonPrincipal, Principal } from '../../domain/principal';
import { PRESENCE_SECONDS, pushRoutes } from '../../domain/routes/push';
import { urlRefusal } from '../../runtime/public-address';
import { reply, type Handlers } from '../mount-routes';

/** No agent holds `profile.own`, so the mount has already refused one. */
function personOf(principal: Principal): PersonPrincipal {
  if (principal.kind !== 'person') throw new DomainError('forbidden_for_agent', 'A person subscribes to pushes.');
  return principal;
}

export function pushHandlers(deps: {
  pool: Pool;
  /** Cast's VAPID keys (CAST_VAPID_* or the pair kept in PostgreSQL). */
  vapidKeys: () => Promise<VapidKeys>;
  /** CAST_WEBHOOK_ALLOW_PRIVATE: loopback push services, for development and the tests. */
  allowPrivateWebhooks?: boolean;
}): Handlers<typeof pushRoutes> {
  const { pool } = deps;
  return {
    getPushKey: async () => ({ publicKey: (await deps.vapidKeys()).publicKey }),
    listPushSubscriptions: async (_input, { principal }) => ({
      subscriptions: await listPushSubscriptions(pool, principal.workspaceId, personOf(principal).memberId),
    }),
    addPushSubscription: async ({ body }, { principal, req }) => {
      const member = personOf(principal);
      const url = new URL(body.endpoint);
      // A push is a POST from Cast's own network to a URL a person gave: the webhooks' rule holds (checked again at each push).
      const refused = deps.allowPrivateWebhooks ? null : await urlRefusal(url);
      if (refused) throw new DomainError('push_endpoint_refused', `Cast does not push to ${url.host}: ${refused}.`);
      const userAgent = req.get('user-agent')?.slice(0, 300) ?? null;
      const { subscription, created } = await addPushSubscription(pool, member, { ...body, endpoint: url.href }, userAgent);
      return reply(pushRoutes.addPushSubscription, { status: created ? 201 : 200, body: { subscription } });
    },
    removePushSubscription: async ({ params }, { principal }) => {
      await removePushSubscription(pool, principal.workspaceId, personOf(principal).memberId, params.id);
      return reply(pushRoutes.removePushSubscription, { status: 204, body: undefined });
    },
    markPresent: async (_input, { principal }) => {
      await markPresent(pool, principal.workspaceId, personOf(principal).memberId, PRESENCE_SECONDS);
      return { presentUntil: new Date(Date.now() + PRESENCE_SECONDS * 1000).toISOString() };
    },
    markAway: async (_input, { principal }) => {
      await markAway(pool, principal.workspaceId, personOf(principal).memberId);
      return reply(pushRoutes.markAway, { status: 204, body: undefined });
    },
  };
}
