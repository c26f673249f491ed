/**
 * The sweep (FR-49), started by a Temporal Schedule: every open decision whose backing work
 * is gone is told so, and archives itself with that reason. The API reacts the moment it
 * sees a run cancelled or a task deleted; this catches whatever that missed (a crash, a
 * timeout, work that went away without passing through the API).
 */
import { getExternalWorkflowHandle, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { autoArchiveSignal, decisionWorkflowId } from './messages';

const { decisionsWithWorkGone } = proxyActivities<Activities>({ startToCloseTimeout: '1 minute' });

export const SWEEP_WORKFLOW = 'sweepWorkflow';

/** Returns how many decisions were told to archive themselves. */
export async function sweepWorkflow(): Promise<number> {
  const ids = await decisionsWithWorkGone();
  // A decision whose workflow has just completed cannot be signalled; it is closed anyway.
  const sent = await Promise.allSettled(ids.map((id) => getExternalWorkflowHandle(decisionWorkflowId(id)).signal(autoArchiveSignal)));
  return sent.filter((result) => result.status === 'fulfilled').length;
}
