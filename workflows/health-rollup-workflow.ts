/**
 * The health roll-up (FR-55), started by a Temporal Schedule every hour and once when a
 * worker starts: decisions opened per day per workspace and per agent, read by the queue's
 * health line instead of counting decisions inline.
 */
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';

const { rollUpHealth } = proxyActivities<Activities>({ startToCloseTimeout: '5 minutes' });

export async function healthRollupWorkflow(): Promise<number> {
  return rollUpHealth();
}
