/**
 * A blocking decision filed against a task blocks that task until it resolves (the task
 * remembers the status it came from); withdrawing the decision releases it again.
 */
import type { DecisionSnapshot } from '../domain/decision';
import type { Pool } from '../db/pool';
import { blockTask, getTask, resolveBlocker } from '../db/tasks';

export async function holdTask(pool: Pool, decision: DecisionSnapshot): Promise<void> {
  const taskId = decision.links.taskId;
  if (!taskId || decision.mode !== 'blocking') return;
  if (!(await getTask(pool, decision.workspaceId, taskId))) return;
  await blockTask(pool, decision.workspaceId, taskId, { kind: 'decision', ref: decision.id });
}

export async function releaseTaskHold(pool: Pool, decision: DecisionSnapshot): Promise<void> {
  const taskId = decision.links.taskId;
  if (!taskId) return;
  const task = await getTask(pool, decision.workspaceId, taskId);
  const held = task?.blockers.some((b) => b.kind === 'decision' && b.ref === decision.id && !b.resolvedAt);
  if (held) await resolveBlocker(pool, decision.workspaceId, taskId, { kind: 'decision', ref: decision.id });
}
