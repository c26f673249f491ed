/**
 * The activity a stack's workflow calls, with its timeout and retries. Workflow code imports
 * activity types only and calls them through this proxy.
 */
import { proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';

// A local activity, like the decision's mirror: the upsert is idempotent and guarded by the
// stack's revision, and it must land eventually, so it retries for as long as the database is away.
export const { mirrorStack } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds' },
});
