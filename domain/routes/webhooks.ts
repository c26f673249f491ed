/** `/api/v1/webhooks`: a workspace's push endpoints. */
import { z } from 'zod';
import { CreateWebhookBody, Webhook } from '../webhook-schema';
import { PEOPLE, route } from './route';

const tag = 'Webhooks';

const createWebhook = route({
  tag,
  method: 'post',
  path: '/webhooks',
  operationId: 'createWebhook',
  summary: 'Add a push endpoint',
  description: 'Deliveries are signed with `X-Cast-Signature: sha256=<hex HMAC>`; the secret is returned once, here.',
  body: { schema: CreateWebhookBody.meta({ id: 'CreateWebhookBody' }) },
  ok: {
    status: 201,
    description: 'The endpoint and its signing secret.',
    schema: z.object({ webhook: Webhook, secret: z.string().min(1) }),
  },
  callers: PEOPLE,
});

const listWebhooks = route({
  tag,
  method: 'get',
  path: '/webhooks',
  operationId: 'listWebhooks',
  summary: 'List push endpoints',
  ok: { status: 200, description: 'The endpoints (without secrets).', schema: z.object({ webhooks: z.array(Webhook) }) },
  callers: PEOPLE,
});

const deleteWebhook = route({
  tag,
  method: 'delete',
  path: '/webhooks/:id',
  operationId: 'deleteWebhook',
  summary: 'Remove a push endpoint',
  params: z.object({ id: z.string().min(1) }),
  ok: { status: 204, description: 'Removed.' },
  errors: ['webhook_not_found'],
  callers: PEOPLE,
});

export const webhookRoutes = { createWebhook, listWebhooks, deleteWebhook };
