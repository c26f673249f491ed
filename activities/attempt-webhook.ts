/**
 * Push delivery, second half: one try of one delivery, signed as Standard Webhooks signs, and
 * logged. What the receiver said decides what follows: a 2xx delivers; a redirect, or a 4xx
 * other than 408/429, is the receiver's final "no"; anything else is tried again on the
 * schedule, until it runs out. The delivery workflow holds the schedule; this says the outcome.
 */
import type { WebhookAttemptOutcome } from '../domain/webhook-delivery';
import {
  EVENT_TYPE_HEADER,
  LEGACY_EVENT_ID_HEADER,
  LEGACY_SIGNATURE_HEADER,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '../domain/webhook';
import type { Pool } from '../db/pool';
import { deliveryTarget, recordAttempt, type DeliveryTarget } from '../db/webhook-deliveries';
import { postWebhook, type PostResult } from './post-webhook';
import { legacySignature, standardSignatures } from './sign-webhook';
import { webhookAttempts } from '../runtime/metrics';

export function deliveryHeaders(target: DeliveryTarget, timestamp: number): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Cast-Webhooks/2',
    [WEBHOOK_ID_HEADER]: target.eventId,
    [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
    [WEBHOOK_SIGNATURE_HEADER]: standardSignatures(target.secrets, target.eventId, timestamp, target.body),
    [EVENT_TYPE_HEADER]: target.eventType,
    [LEGACY_EVENT_ID_HEADER]: target.eventId,
    [LEGACY_SIGNATURE_HEADER]: legacySignature(target.secrets[0]!, target.body),
  };
}

/** What a POST came to, and the words the log keeps for it. */
export function judge(result: PostResult): { outcome: Exclude<WebhookAttemptOutcome, 'skipped'>; error: string | null } {
  if (result.status === null) return { outcome: result.refused ? 'failed' : 'retry', error: result.error };
  const { status } = result;
  if (status >= 200 && status < 300) return { outcome: 'delivered', error: null };
  if (status >= 300 && status < 400) {
    return { outcome: 'failed', error: `Answered ${status}: Cast follows no redirect; register the URL it points to.` };
  }
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
    return { outcome: 'failed', error: `Answered ${status}: the receiver refused the event.` };
  }
  return { outcome: 'retry', error: null };
}

/**
 * One try. `retryInMs`: when the schedule tries again after a failure worth retrying; null
 * when this is the last try, so such a failure is final.
 */
export async function attemptWebhookDelivery(
  deps: { pool: Pool; allowPrivate: boolean },
  deliveryId: string,
  retryInMs: number | null,
): Promise<WebhookAttemptOutcome> {
  const target = await deliveryTarget(deps.pool, deliveryId);
  if (!target) return 'skipped';
  const at = new Date();
  const result = await postWebhook(target.url, deliveryHeaders(target, Math.floor(at.getTime() / 1000)), target.body, {
    allowPrivate: deps.allowPrivate,
  });
  const durationMs = Date.now() - at.getTime();
  const judged = judge(result);
  const outcome = judged.outcome === 'retry' && retryInMs === null ? 'failed' : judged.outcome;
  const nextAttemptAt = outcome === 'retry' ? new Date(Date.now() + retryInMs!) : null;
  await recordAttempt(
    deps.pool,
    deliveryId,
    { at: at.toISOString(), responseStatus: result.status, error: judged.error, durationMs },
    outcome,
    nextAttemptAt,
  );
  webhookAttempts.inc({ outcome });
  return outcome;
}
