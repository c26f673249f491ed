/**
 * One event to one endpoint (activities/queue-webhook.ts starts it): a try now, then a try
 * after each wait of the documented schedule until one is final. A workflow of its own, so a
 * decision never waits on a receiver, and a receiver down for days still gets its events.
 */
import { proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { WEBHOOK_RETRY_DELAYS_MS, type WebhookAttemptOutcome, type WebhookDeliveryInput } from '../domain/webhook-delivery';

const { attemptWebhookDelivery } = proxyActivities<Activities>({
  // One POST (10 s at most) and two small statements.
  startToCloseTimeout: '30 seconds',
  // Only Cast's own trouble (the database away) is retried here; the receiver's is the schedule's.
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 5 },
});

export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<Exclude<WebhookAttemptOutcome, 'retry'>> {
  const delays: readonly number[] = input.once ? [] : WEBHOOK_RETRY_DELAYS_MS;
  for (let tried = 0; ; tried++) {
    const retryIn = delays[tried] ?? null;
    // A try that Cast itself could not make (its retries spent) counts as one worth repeating.
    const outcome = await attemptWebhookDelivery(input.deliveryId, retryIn).catch((): WebhookAttemptOutcome => 'retry');
    if (outcome !== 'retry') return outcome;
    if (retryIn === null) return 'failed';
    await sleep(retryIn);
  }
}
