/**
 * The sweep (FR-49, FR-13), started by a Temporal Schedule: every open decision whose backing
 * work is gone is told so, and archives itself with that reason; every approval or escalation
 * still without a decision gets one. The API reacts the moment it
 * sees a run cancelled or a task deleted; this catches whatever that missed (a crash, a
 * timeout, work that went away without passing through the API).
 */
import { ParentClosePolicy, getExternalWorkflowHandle, proxyActivities, startChild } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { decisionWorkflow } from './decision-workflow';
import type { Deployment } from '../domain/deployment';
import { autoArchiveSignal, decisionWorkflowId } from './messages';

const { decisionsWithWorkGone, projectRecords } = proxyActivities<Activities>({ startToCloseTimeout: '1 minute' });

export const SWEEP_WORKFLOW = 'sweepWorkflow';

/**
 * Returns how many decisions were told to archive themselves. `deployment` (the schedule's
 * argument, set by each worker as it starts) places the ids; runs scheduled before had none.
 */
export async function sweepWorkflow(deployment?: Deployment): Promise<number> {
  // FR-13: an approval or escalation without its decision gets one; it lives on after the sweep.
  for (const start of await projectRecords()) {
    await startChild(decisionWorkflow, {
      workflowId: decisionWorkflowId(start.id, deployment),
      args: [start],
      parentClosePolicy: ParentClosePolicy.ABANDON,
    }).catch(() => undefined);
  }
  const ids = await decisionsWithWorkGone();
  // A decision whose workflow has just completed cannot be signalled; it is closed anyway.
  const sent = await Promise.allSettled(
    ids.map((id) => getExternalWorkflowHandle(decisionWorkflowId(id, deployment)).signal(autoArchiveSignal)),
  );
  return sent.filter((result) => result.status === 'fulfilled').length;
}
