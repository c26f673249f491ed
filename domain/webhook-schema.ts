/** A webhook subscription's wire shape, apart from `webhook.ts`: the workflow bundle imports that, zod-free. */
import { z } from 'zod';
import { WebhookEventType } from './webhook';

export const CreateWebhookBody = z.strictObject({
  url: z.url({ protocol: /^https?$/ }).max(2000),
  events: z.array(z.enum(WebhookEventType)).min(1).max(WebhookEventType.length).default([...WebhookEventType]),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;
