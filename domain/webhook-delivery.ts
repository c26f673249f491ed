/**
 * How one event reaches one endpoint: a delivery workflow of its own, which tries now and then
 * on a fixed schedule for about three days (docs/webhooks.md). Zod-free: the workflow imports it.
 */
import type { Deployment } from './deployment';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The wait before each retry, after the first try at once: 10 tries over 3 days 3 h 35 min, so an
 * endpoint down over a weekend still gets its events (Standard Webhooks' reference schedule, then
 * two daily tries).
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
  24 * HOUR,
  24 * HOUR,
] as const;

/** `once`: a test ping or a redelivery, tried one time; its result is in the log at once. */
export type WebhookDeliveryInput = { deliveryId: string; once?: boolean };

/** What one try came to: `retry` is a failure worth trying again; `skipped`, the endpoint is gone. */
export type WebhookAttemptOutcome = 'delivered' | 'retry' | 'failed' | 'skipped';

export const WEBHOOK_DELIVERY_WORKFLOW = 'webhookDeliveryWorkflow';

/** `webhook-delivery/<deployment>/<delivery>`; a redelivery adds its own key, so it never meets the first run. */
export function webhookDeliveryWorkflowId(deliveryId: string, deployment: Deployment | undefined, redelivery?: string): string {
  const base = deployment ? `webhook-delivery/${deployment.id}/${deliveryId}` : `webhook-delivery/${deliveryId}`;
  return redelivery ? `${base}/${redelivery}` : base;
}
