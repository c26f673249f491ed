/**
 * Push delivery, first half: finds the endpoints subscribed to an event, and queues the event
 * for one of them — a delivery row, and the delivery workflow that tries it (attempt-webhook.ts)
 * for as long as the schedule says, apart from the decision that announced it.
 */
import type { Client } from '@temporalio/client';
import { startOnce } from './start-once';
import type { Deployment } from '../domain/deployment';
import type { WebhookEvent } from '../domain/webhook';
import { WEBHOOK_DELIVERY_WORKFLOW, webhookDeliveryWorkflowId, type WebhookDeliveryInput } from '../domain/webhook-delivery';
import type { Pool } from '../db/pool';
import { queueDelivery } from '../db/webhook-deliveries';
import { webhookSubscribers } from '../db/webhooks';

export async function webhookEndpointsFor(pool: Pool, workspaceId: string, event: WebhookEvent): Promise<string[]> {
  return (await webhookSubscribers(pool, workspaceId, [event.type]))[event.type] ?? [];
}

export type StartDelivery = (deliveryId: string) => Promise<void>;

/** Starts a delivery's workflow once: a retried queueing finds it started (or finished) and leaves it. */
export function deliveryStarter(client: Client, taskQueue: string, deployment: Deployment | undefined): StartDelivery {
  return async (deliveryId) => {
    const input: WebhookDeliveryInput = { deliveryId };
    await startOnce(client, WEBHOOK_DELIVERY_WORKFLOW, {
      workflowId: webhookDeliveryWorkflowId(deliveryId, deployment),
      taskQueue,
      args: [input],
    });
  };
}

/** `skipped` when the endpoint was removed since the event was planned. */
export async function queueWebhook(
  pool: Pool,
  start: StartDelivery,
  endpointId: string,
  event: WebhookEvent,
): Promise<'queued' | 'skipped'> {
  const delivery = await queueDelivery(pool, endpointId, { id: event.id, type: event.type, body: JSON.stringify(event) });
  if (!delivery) return 'skipped';
  await start(delivery.id);
  return 'queued';
}
