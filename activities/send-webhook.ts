/**
 * Push delivery: finds the endpoints subscribed to an event and POSTs it to one, signed.
 * A failure throws so Temporal retries with backoff; a receiver's "no" (4xx other than
 * 408/429) is final. Retries carry the same event id, so receivers can drop duplicates.
 */
import { ApplicationFailure } from '@temporalio/common';
import { createHmac } from 'node:crypto';
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, type WebhookEvent } from '../domain/webhook';
import type { Pool } from '../db/pool';
import { webhookSubscribers, webhookTarget } from '../db/webhooks';

const SEND_TIMEOUT_MS = 10_000;

export function sign(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export async function webhookEndpointsFor(pool: Pool, workspaceId: string, event: WebhookEvent): Promise<string[]> {
  return (await webhookSubscribers(pool, workspaceId, [event.type]))[event.type] ?? [];
}

export async function sendWebhook(pool: Pool, endpointId: string, event: WebhookEvent): Promise<'sent' | 'skipped'> {
  const target = await webhookTarget(pool, endpointId);
  if (!target) return 'skipped';
  const body = JSON.stringify(event);
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Cast-Webhooks/1',
        [SIGNATURE_HEADER]: sign(target.secret, body),
        [EVENT_ID_HEADER]: event.id,
        [EVENT_TYPE_HEADER]: event.type,
      },
      body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(`Webhook ${endpointId} could not be reached: ${(error as Error).message}`, { cause: error });
  }
  if (response.ok) return 'sent';
  const final = response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429;
  const message = `Webhook ${endpointId} answered ${response.status}`;
  throw final ? ApplicationFailure.nonRetryable(message, 'webhook_refused') : new Error(message);
}
