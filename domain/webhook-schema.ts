/** A webhook subscription's wire shapes, apart from `webhook.ts`: the workflow bundle imports that, zod-free. */
import { z } from 'zod';
import { WebhookEventType } from './webhook';

export const CreateWebhookBody = z.strictObject({
  url: z.url({ protocol: /^https?$/ }).max(2000),
  events: z
    .array(z.enum(WebhookEventType))
    .min(1)
    .max(WebhookEventType.length)
    .default([...WebhookEventType]),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

/** An endpoint as the API shows it: never its secret, which leaves Cast once, when it is created. */
export const Webhook = z
  .object({ id: z.string(), url: z.url(), events: z.array(z.enum(WebhookEventType)), createdAt: z.iso.datetime() })
  .meta({ id: 'Webhook', description: 'A push endpoint: its URL and the events it receives.' });
export type Webhook = z.infer<typeof Webhook>;
