/** `/api/v1/webhooks` (declared in domain/routes/webhooks.ts): a workspace's push endpoints. */
import type { Pool } from '../../db/pool';
import { createWebhook, deleteWebhook, listWebhooks } from '../../db/webhooks';
import { webhookRoutes } from '../../domain/routes/webhooks';
import { reply, type Handlers } from '../mount-routes';

export function webhookHandlers(deps: { pool: Pool }): Handlers<typeof webhookRoutes> {
  return {
    createWebhook: async ({ body }, { principal }) => {
      const { webhook, secret } = await createWebhook(deps.pool, principal, body);
      return reply(webhookRoutes.createWebhook, { status: 201, body: { webhook, secret } }, { location: `/api/v1/webhooks/${webhook.id}` });
    },
    listWebhooks: async (_input, { principal }) => ({
      webhooks: await listWebhooks(deps.pool, principal.workspaceId),
    }),
    deleteWebhook: async ({ params }, { principal }) => {
      await deleteWebhook(deps.pool, principal.workspaceId, params.id);
      return reply(webhookRoutes.deleteWebhook, { status: 204, body: undefined });
    },
  };
}
