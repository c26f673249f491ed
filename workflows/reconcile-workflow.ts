/** The reconciler on a schedule: repairs read-model rows that fell behind their workflows. */
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';

const { reconcileDecisions } = proxyActivities<Activities>({ startToCloseTimeout: '10 minutes' });

export async function reconcileWorkflow() {
  return reconcileDecisions();
}
