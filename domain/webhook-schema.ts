/** A webhook subscription's wire shapes, apart from `webhook.ts`: the workflow bundle imports that, zod-free. */
import { z } from 'zod';
import { naming, shown } from './refusal-words';
import { PING_EVENT_TYPE, WebhookEventType } from './webhook';

/** Cast POSTs over HTTP(S) and nothing else; the schema says so, and so does the refusal. */
const EndpointUrl = z
  .url({
    protocol: /^https?$/,
    error: naming((field, input) => `${field} must be an http:// or https:// URL, not ${shown(input)}.`),
  })
  .max(2000)
  .meta({ pattern: '^https?://', description: 'An http:// or https:// URL that Cast POSTs each event to.' });

export const CreateWebhookBody = z.strictObject({
  url: EndpointUrl,
  events: z
    .array(z.enum(WebhookEventType))
    .min(1)
    .max(WebhookEventType.length)
    .default([...WebhookEventType]),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

/** An endpoint as the API shows it: never its secret, which leaves Cast once, when it is created or rotated. */
export const Webhook = z
  .object({ id: z.string(), url: z.url(), events: z.array(z.enum(WebhookEventType)), createdAt: z.iso.datetime() })
  .meta({ id: 'Webhook', description: 'A push endpoint: its URL and the events it receives.' });
export type Webhook = z.infer<typeof Webhook>;

export const WebhookSecret = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/=_-]+$/)
  .meta({ description: 'The signing secret, `whsec_` and the key in base64, as Standard Webhooks libraries take it. Shown once.' });

export const WebhookAttempt = z
  .object({
    at: z.iso.datetime(),
    /** The receiver's HTTP status; null when there was none (refused, unreachable, timed out). */
    responseStatus: z.number().int().nullable(),
    error: z.string().nullable(),
    durationMs: z.number().int().min(0),
  })
  .meta({ id: 'WebhookAttempt', description: "One try: the receiver's status, or why there was none." });
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDeliveryStatus = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WebhookDeliveryStatus)[number];

export const WebhookDelivery = z
  .object({
    id: z.string(),
    eventId: z.string().meta({ description: 'The `webhook-id` header: the same on every retry and redelivery.' }),
    eventType: z.enum([...WebhookEventType, PING_EVENT_TYPE]),
    status: z.enum(WebhookDeliveryStatus).meta({
      description: '`pending` while it is being tried (`nextAttemptAt` says when, between retries); `failed` once Cast has stopped trying.',
    }),
    createdAt: z.iso.datetime(),
    nextAttemptAt: z.iso.datetime().nullable(),
    attemptCount: z.number().int().min(0),
    attempts: z.array(WebhookAttempt).meta({ description: 'The latest tries, newest first (at most 10).' }),
  })
  .meta({ id: 'WebhookDelivery', description: "One event sent to one endpoint, with its latest tries: the endpoint's delivery log." });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
