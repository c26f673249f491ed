/**
 * The reconciler (DESIGN §1 "Mirror rule", issue "Proof under load"): compares the read
 * model with the workflows that own decision state, and repairs the rows. A row behind its
 * workflow (a lost or failed mirror write) is rewritten from the workflow's snapshot — the
 * mirror's revision guard makes that safe against a concurrent write — and a running
 * workflow with no row at all gets one. Run on a schedule by the worker and on demand by
 * `npm run reconcile`.
 */
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { DecisionSnapshot } from '../domain/decision';
import type { Pool } from '../db/pool';
import type { Deployment } from '../domain/deployment';
import { DECISION_WORKFLOW, decisionQuery, decisionWorkflowId } from '../workflows/messages';
import { mirrorDecision } from './mirror-decision';

export type ReconcileReport = {
  checked: number;
  repaired: Array<{ id: string; from: number | null; to: number }>;
  /** Rows whose workflow is gone or ended abnormally: nothing to repair them from. */
  unexplained: Array<{ id: string; why: string }>;
};

const QUERY_DEADLINE_MS = 5000;

/** Closed workflows are kept this long by the dev server; older closed rows have nothing to compare with. */
const RETENTION = '23 hours';

async function workflowSnapshot(client: Client, id: string, deployment?: Deployment): Promise<DecisionSnapshot | { missing: string }> {
  const handle = client.workflow.getHandle(decisionWorkflowId(id, deployment));
  try {
    const { status } = await handle.describe();
    if (status.name === 'RUNNING') return await handle.query(decisionQuery);
    if (status.name === 'COMPLETED') {
      const result = (await handle.result()) as DecisionSnapshot | null;
      return result ?? { missing: 'the filing expired before any worker took it' };
    }
    return { missing: `its workflow is ${status.name.toLowerCase()}` };
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return { missing: 'no workflow' };
    throw error;
  }
}

export async function reconcileDecisions(
  pool: Pool,
  client: Client,
  options: { taskQueue: string; deployment: Deployment | undefined; workspaceId?: string; limit?: number },
): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, repaired: [], unexplained: [] };
  const { rows } = await pool.query<{ id: string; revision: number }>(
    `select id, revision from decisions
      where (status = 'open' or updated_at > now() - interval '${RETENTION}') and ($2::text is null or workspace_id = $2)
      order by updated_at desc limit $1`,
    [options.limit ?? 5000, options.workspaceId ?? null],
  );
  const known = new Map(rows.map((row) => [row.id, row.revision]));

  // Running workflows of this deployment with no row at all (the filing's mirror never landed).
  const running = client.workflow.list({
    query: `WorkflowType = '${DECISION_WORKFLOW}' AND ExecutionStatus = 'Running' AND TaskQueue = '${options.taskQueue}'`,
  });
  for await (const execution of running) {
    const id = ownDecisionId(execution.workflowId, options.deployment);
    if (id && !known.has(id)) known.set(id, -1);
  }

  for (const [id, revision] of known) {
    report.checked += 1;
    // A query needs a worker: with none running, give up on this one rather than wait.
    const snapshot = await client.connection
      .withDeadline(Date.now() + QUERY_DEADLINE_MS, () => workflowSnapshot(client, id, options.deployment))
      .catch((error: unknown) => ({ missing: `could not read its workflow (${error instanceof Error ? error.message : String(error)})` }));
    if ('missing' in snapshot) {
      if (revision >= 0) report.unexplained.push({ id, why: snapshot.missing });
      continue;
    }
    if (snapshot.revision > revision) {
      await mirrorDecision(pool, snapshot);
      report.repaired.push({ id, from: revision < 0 ? null : revision, to: snapshot.revision });
    }
  }
  return report;
}

/** `sd-N` of one of this deployment's decision workflows; null for another deployment's sharing the queue. */
function ownDecisionId(workflowId: string, deployment: Deployment | undefined): string | null {
  const id = workflowId.slice(workflowId.lastIndexOf('/') + 1);
  return decisionWorkflowId(id, deployment) === workflowId ? id : null;
}
