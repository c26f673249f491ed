/**
 * How a member channel's refused message is tried again (issue 40 item 10: "sent, failed and
 * why, retried"): a delivery workflow of its own waits out each delay of the schedule, then
 * tries once more, until one try is final. Zod-free: the workflow imports it.
 *
 * Shorter than webhooks' three days: a message saying a decision waits is worth little hours
 * later, when the digest, the reminder and the queue itself have said it again.
 */
import type { Deployment } from '../deployment';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** The waits before each retry, after the first try: five tries over 42.5 minutes. */
export const MEMBER_RETRY_DELAYS_MS: readonly number[] = [30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE];

/** `delaysMs` travels in the input (recorded in the history), so a replay waits as the first run did. */
export type MemberDeliveryInput = { deliveryId: string; delaysMs: readonly number[] };

/**
 * What one retry came to: `retry`, refused again and worth another try; `failed`, refused for
 * good (or the schedule ran out); `skipped`, nothing to send any more (answered meanwhile, the
 * channel turned off, the row settled elsewhere).
 */
export type MemberRetryOutcome = 'sent' | 'retry' | 'failed' | 'skipped';

export const MEMBER_DELIVERY_WORKFLOW = 'memberDeliveryWorkflow';

/** `member-delivery/<deployment>/<delivery>`: one retry workflow per delivery, however often it is asked for. */
export function memberDeliveryWorkflowId(deliveryId: string, deployment: Deployment | undefined): string {
  return deployment ? `member-delivery/${deployment.id}/${deliveryId}` : `member-delivery/${deliveryId}`;
}
