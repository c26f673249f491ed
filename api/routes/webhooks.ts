/** `/api/v1/webhooks` (declared in domain/routes/webhooks.ts): a workspace's push endpoints. */
import type { Pool } from '../../db/pool';
import { createWebhook as createWebhookRow, deleteWebhook as deleteWebhookRow, listWebhooks as listWebhookRows } from '../../db/webhooks';
import { createWebhook, deleteWebhook, listWebhooks } from '../../domain/routes/webhooks';
import { handle, reply, type MountedRoute } from '../mount-routes';

export function webhookHandlers(deps: { pool: Pool }): MountedRoute[] {
  return [
    handle(createWebhook, async ({ body }, { principal }) => {
      const { webhook, secret } = await createWebhookRow(deps.pool, principal, body);
      return reply(createWebhook, { status: 201, body: { webhook, secret } }, { location: `/api/v1/webhooks/${webhook.id}` });
    }),
    handle(listWebhooks, async (_input, { principal }) => ({
      webhooks: await listWebhookRows(deps.pool, principal.workspaceId),
    })),
    handle(deleteWebhook, async ({ params }, { principal }) => {
      await deleteWebhookRow(deps.pool, principal.workspaceId, params.id);
      return reply(deleteWebhook, { status: 204, body: undefined });
    }),
  ];
}
