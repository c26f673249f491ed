/** `/api/v1/webhooks`: a workspace's push endpoints, their secrets and their delivery logs. */
import { z } from 'zod';
import { CreateWebhookBody, Webhook, WebhookDelivery, WebhookSecret } from '../webhook-schema';
import { EmptyBody } from './empty-body';
import { limitQuery } from './list-limit';
import { route } from './route';

const tag = 'Webhooks';
const WebhookParams = z.object({ id: z.string().min(1) });
const OneDelivery = z.object({ delivery: WebhookDelivery });

const createWebhook = route({
  tag,
  method: 'post',
  path: '/webhooks',
  operationId: 'createWebhook',
  summary: 'Add a push endpoint',
  description:
    'Deliveries are signed as Standard Webhooks signs them (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>`); ' +
    'the secret is returned once, here. `X-Cast-Signature: sha256=<hex>` (over the body alone) is still sent in this release, ' +
    'and then dropped (docs/webhooks.md). The URL must reach a public address: loopback, private, link-local and cloud metadata ' +
    'addresses are refused (unless the deployment sets CAST_WEBHOOK_ALLOW_PRIVATE=on), and no redirect is followed.',
  body: { schema: CreateWebhookBody.meta({ id: 'CreateWebhookBody' }) },
  ok: {
    status: 201,
    description: 'The endpoint and its signing secret.',
    schema: z.object({ webhook: Webhook, secret: WebhookSecret }),
  },
  errors: ['webhook_url_refused'],
  permission: 'webhook.manage',
});

const listWebhooks = route({
  tag,
  method: 'get',
  path: '/webhooks',
  operationId: 'listWebhooks',
  summary: 'List push endpoints',
  ok: { status: 200, description: 'The endpoints (without secrets).', schema: z.object({ webhooks: z.array(Webhook) }) },
  permission: 'webhook.manage',
});

const deleteWebhook = route({
  tag,
  method: 'delete',
  path: '/webhooks/:id',
  operationId: 'deleteWebhook',
  summary: 'Remove a push endpoint',
  params: WebhookParams,
  ok: { status: 204, description: 'Removed.' },
  errors: ['webhook_not_found'],
  permission: 'webhook.manage',
});

const rotateWebhookSecret = route({
  tag,
  method: 'post',
  path: '/webhooks/:id/rotate',
  operationId: 'rotateWebhookSecret',
  summary: 'Give a push endpoint a new signing secret',
  description:
    'The new secret is returned once, here. For 24 hours the one it replaces still signs too: each delivery carries both ' +
    'signatures in `webhook-signature`, so the receiver can switch over without refusing one. Takes no body, or `{}`.',
  params: WebhookParams,
  body: { schema: EmptyBody, required: false },
  ok: {
    status: 200,
    description: 'The endpoint, its new secret, and when the previous one stops signing.',
    schema: z.object({ webhook: Webhook, secret: WebhookSecret, previousSecretExpiresAt: z.iso.datetime() }),
  },
  errors: ['webhook_not_found'],
  permission: 'webhook.manage',
});

const listWebhookDeliveries = route({
  tag,
  method: 'get',
  path: '/webhooks/:id/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: "A push endpoint's delivery log",
  description: 'The latest deliveries, newest first, each with its status and its latest tries (HTTP status, or the error).',
  params: WebhookParams,
  query: z.object({ limit: limitQuery(25, 100) }),
  ok: { status: 200, description: 'Deliveries, newest first.', schema: z.object({ deliveries: z.array(WebhookDelivery) }) },
  errors: ['webhook_not_found'],
  permission: 'webhook.manage',
});

const pingWebhook = route({
  tag,
  method: 'post',
  path: '/webhooks/:id/ping',
  operationId: 'pingWebhook',
  summary: 'Send a push endpoint a test event',
  description:
    'Sends one `webhook.ping` event, signed like any other, whatever the endpoint subscribes to; tried once. Its result shows in ' +
    'the delivery log within seconds. Takes no body, or `{}`.',
  params: WebhookParams,
  body: { schema: EmptyBody, required: false },
  ok: { status: 201, description: 'The ping, queued.', schema: OneDelivery },
  errors: ['webhook_not_found', 'temporal_unavailable', 'overloaded'],
  permission: 'webhook.manage',
});

const redeliverWebhookDelivery = route({
  tag,
  method: 'post',
  path: '/webhooks/:id/deliveries/:deliveryId/redeliver',
  operationId: 'redeliverWebhookDelivery',
  summary: 'Send a delivery again',
  description:
    'Sends the same event again, with the same `webhook-id` and a fresh timestamp and signature; tried once. A delivery Cast is ' +
    'still trying is refused (`webhook_delivery_in_flight`). Takes no body, or `{}`.',
  params: WebhookParams.extend({ deliveryId: z.string().min(1) }),
  body: { schema: EmptyBody, required: false },
  ok: { status: 200, description: 'The delivery, pending again.', schema: OneDelivery },
  errors: ['webhook_not_found', 'webhook_delivery_not_found', 'webhook_delivery_in_flight', 'temporal_unavailable', 'overloaded'],
  permission: 'webhook.manage',
});

export const webhookRoutes = {
  createWebhook,
  listWebhooks,
  deleteWebhook,
  rotateWebhookSecret,
  listWebhookDeliveries,
  pingWebhook,
  redeliverWebhookDelivery,
};
