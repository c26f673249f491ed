/**
 * Starts a failed member delivery's retry workflow (workflows/member-delivery-workflow.ts) on
 * this worker's task queue, once: a second start for the same delivery finds it running.
 */
import type { Client } from '@temporalio/client';
import { startOnce } from './start-once';
import type { Deployment } from '../domain/deployment';
import {
  MEMBER_DELIVERY_WORKFLOW,
  MEMBER_RETRY_DELAYS_MS,
  memberDeliveryWorkflowId,
  type MemberDeliveryInput,
} from '../domain/notifications/delivery-retry';
import type { RetrySchedule } from '../notifier/member-channel';

/** `delaysMs`: the schedule (a test passes a short one); MEMBER_RETRY_DELAYS_MS otherwise. */
export function memberRetrySchedule(
  client: Client,
  taskQueue: string,
  deployment: Deployment | undefined,
  delaysMs: readonly number[] = MEMBER_RETRY_DELAYS_MS,
): RetrySchedule | undefined {
  if (delaysMs.length === 0) return undefined;
  return {
    firstInMs: delaysMs[0]!,
    async start(deliveryId) {
      const input: MemberDeliveryInput = { deliveryId, delaysMs: [...delaysMs] };
      await startOnce(client, MEMBER_DELIVERY_WORKFLOW, {
        workflowId: memberDeliveryWorkflowId(deliveryId, deployment),
        taskQueue,
        args: [input],
      });
    },
  };
}
