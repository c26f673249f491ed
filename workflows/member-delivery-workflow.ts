/**
 * One member channel's refused message, tried again (notifier/member-channel.ts starts it after
 * the first try failed): after each wait of the schedule, one more try, until one is final. A
 * workflow of its own, so the notifier never waits on a mail server, and durable timers keep the
 * schedule through a restart.
 */
import { proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { MemberDeliveryInput, MemberRetryOutcome } from '../domain/notifications/delivery-retry';

const { retryMemberDelivery } = proxyActivities<Activities>({
  // One send (SMTP, a push service, Slack: each bounded well below this) and a few small statements.
  startToCloseTimeout: '1 minute',
  // Only Cast's own trouble (the database away) is retried here; the transport's is the schedule's.
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 5 },
});

export async function memberDeliveryWorkflow(input: MemberDeliveryInput): Promise<Exclude<MemberRetryOutcome, 'retry'>> {
  for (let tried = 0; tried < input.delaysMs.length; tried++) {
    await sleep(input.delaysMs[tried]!);
    const retryIn = input.delaysMs[tried + 1] ?? null;
    // A try that Cast itself could not make (its retries spent) counts as one worth repeating.
    const outcome = await retryMemberDelivery(input.deliveryId, retryIn).catch((): MemberRetryOutcome => 'retry');
    if (outcome !== 'retry') return outcome;
  }
  return 'failed';
}
