/** `/api/v1/webhooks`: push endpoints, their secrets (shown once) and their delivery logs. */
import type { WebhookEventType } from '../../../domain/webhook';
import { webhookRoutes } from '../../../domain/routes/webhooks';
import { call } from './call';

export const listWebhooks = () => call(webhookRoutes.listWebhooks, {}).then((body) => body.webhooks);
export const createWebhook = (input: { url: string; events: WebhookEventType[] }) => call(webhookRoutes.createWebhook, { body: input });
export const rotateWebhookSecret = (id: string) => call(webhookRoutes.rotateWebhookSecret, { params: { id }, body: {} });
export const deleteWebhook = (id: string) => call(webhookRoutes.deleteWebhook, { params: { id } });
/** The latest ten: enough to see whether the endpoint answers. */
export const listDeliveries = (id: string) =>
  call(webhookRoutes.listWebhookDeliveries, { params: { id }, query: { limit: 10 } }).then((body) => body.deliveries);
