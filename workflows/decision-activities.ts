/**
 * The activities a decision's workflow calls, each with the timeouts and retries its work
 * needs. Workflow code imports activity types only and calls them through these proxies.
 */
import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';

// A local activity: the mirror runs inside the worker's own workflow task, without a round
// trip through the Temporal server, which keeps an answer's response close to a bare Update.
// The upsert is idempotent, so a re-run after a crashed task is harmless.
export const { mirrorDecision, deliverWithAnswer, decisionMirrored, announceReach } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  // The mirror must land eventually: retry for as long as the database is away.
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds' },
});

// Delivery retries transient failures for a while; what still fails is recorded as the
// outcome (FR-34) rather than holding the decision.
const retried = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 6 },
});
export const { deliverDecision, holdTask, releaseTaskHold, cancelRestart, postWithdrawal } = retried;
// A decision's record settles and reopens through activities whose names recorded histories
// hold ('settleSource', 'reopenSource'): the names stay, for those histories to replay.
export const settleRecord = retried.settleSource;
export const reopenRecord = retried.reopenSource;

// One small read, run in the workflow task that follows delivery rather than a task of its own.
export const { webhookEndpointsFor } = proxyLocalActivities<Activities>({ startToCloseTimeout: '10 seconds' });

// Queues an event for one endpoint, whose delivery workflow then tries it for days
// (workflows/webhook-delivery-workflow.ts). The options are those recorded histories carry.
export const { sendWebhook } = proxyActivities<Activities>({
  startToCloseTimeout: '15 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 12 },
});
