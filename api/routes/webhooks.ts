/** `/api/v1/webhooks` (declared in domain/routes/webhooks.ts): a workspace's push endpoints. */
import { randomUUID } from 'node:crypto';
import type { Pool } from '../../db/pool';
import {
  claimRedelivery,
  discardDelivery,
  getDelivery,
  listDeliveries,
  queueDelivery,
  releaseRedelivery,
} from '../../db/webhook-deliveries';
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, rotateWebhookSecret } from '../../db/webhooks';
import { DomainError, notFound } from '../../domain/errors';
import { webhookRoutes } from '../../domain/routes/webhooks';
import { pingEvent } from '../../domain/webhook';
import { urlRefusal } from '../../runtime/public-address';
import { reply, type Handlers } from '../mount-routes';
import type { TemporalGateway } from '../temporal-gateway';

export function webhookHandlers(deps: {
  pool: Pool;
  temporal: TemporalGateway;
  allowPrivateWebhooks?: boolean;
}): Handlers<typeof webhookRoutes> {
  const { pool, temporal } = deps;
  return {
    createWebhook: async ({ body }, { principal }) => {
      // Stored as the WHATWG parser spells it (`[::127.0.0.1]` → `[::7f00:1]`, `HTTP://Host:80/` →
      // `http://host/`): what is checked, shown and delivered to is one string (issue 38 item 12).
      const url = new URL(body.url);
      // Checked again at every delivery, on the address the name resolves to then.
      const refused = deps.allowPrivateWebhooks ? null : await urlRefusal(url);
      if (refused) {
        throw new DomainError(
          'webhook_url_refused',
          `Cast does not deliver to ${url.href}: ${refused}. Give an endpoint at a public address.`,
        );
      }
      const { webhook, secret } = await createWebhook(pool, principal, { ...body, url: url.href });
      return reply(webhookRoutes.createWebhook, { status: 201, body: { webhook, secret } }, { location: `/api/v1/webhooks/${webhook.id}` });
    },
    listWebhooks: async (_input, { principal }) => ({
      webhooks: await listWebhooks(pool, principal.workspaceId),
    }),
    deleteWebhook: async ({ params }, { principal }) => {
      await deleteWebhook(pool, principal.workspaceId, params.id);
      return reply(webhookRoutes.deleteWebhook, { status: 204, body: undefined });
    },
    rotateWebhookSecret: async ({ params }, { principal }) => rotateWebhookSecret(pool, principal.workspaceId, params.id),
    listWebhookDeliveries: async ({ params, query }, { principal }) => ({
      deliveries: await listDeliveries(pool, principal.workspaceId, params.id, query.limit),
    }),
    pingWebhook: async ({ params }, { principal }) => {
      const webhook = await getWebhook(pool, principal.workspaceId, params.id);
      const event = pingEvent(webhook, `ping_${randomUUID().replaceAll('-', '')}`, new Date().toISOString());
      const queued = await queueDelivery(pool, webhook.id, { id: event.id, type: event.type, body: JSON.stringify(event) });
      if (!queued) throw notFound('webhook');
      try {
        await temporal.startWebhookDelivery(queued.id);
      } catch (error) {
        await discardDelivery(pool, queued.id);
        throw error;
      }
      return reply(webhookRoutes.pingWebhook, { status: 201, body: { delivery: await getDelivery(pool, queued.id) } });
    },
    redeliverWebhookDelivery: async ({ params }, { principal }) => {
      const { previous } = await claimRedelivery(pool, principal.workspaceId, params.id, params.deliveryId);
      try {
        await temporal.startWebhookDelivery(params.deliveryId, randomUUID());
      } catch (error) {
        await releaseRedelivery(pool, params.deliveryId, previous);
        throw error;
      }
      return { delivery: await getDelivery(pool, params.deliveryId) };
    },
  };
}
