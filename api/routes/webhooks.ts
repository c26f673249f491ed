/** `/api/v1/webhooks`: a workspace's push endpoints. */
import { Router } from 'express';
import { CreateWebhookBody } from '../../domain/webhook-schema';
import type { Pool } from '../../db/pool';
import { createWebhook, deleteWebhook, listWebhooks } from '../../db/webhooks';
import { parseWith } from '../problem';

export function webhooksRouter(deps: { pool: Pool }): Router {
  const router = Router();

  router.post('/', async (req, res) => {
    const body = parseWith(CreateWebhookBody, req.body);
    const { webhook, secret } = await createWebhook(deps.pool, res.locals.principal, body);
    res.status(201).location(`/api/v1/webhooks/${webhook.id}`).json({ webhook, secret });
  });

  router.get('/', async (_req, res) => {
    res.json({ webhooks: await listWebhooks(deps.pool, res.locals.principal.workspaceId) });
  });

  router.delete('/:id', async (req, res) => {
    await deleteWebhook(deps.pool, res.locals.principal.workspaceId, req.params.id);
    res.status(204).end();
  });

  return router;
}
