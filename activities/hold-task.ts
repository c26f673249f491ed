/**
 * A blocking decision filed against a task blocks that task until it resolves (the task
 * remembers the status it came from); withdrawing the decision releases it again.
 */
import type { DecisionSnapshot } from '../domain/decision';
import type { Queryable } from '../db/pool';
import { blockTask, getTask, resolveBlocker } from '../db/tasks';

export async function holdTask(db: Queryable, decision: DecisionSnapshot): Promise<void> {
  const taskId = decision.links.taskId;
  if (!taskId || decision.mode !== 'blocking') return;
  if (!(await getTask(db, decision.workspaceId, taskId))) return;
  await blockTask(db, decision.workspaceId, taskId, { kind: 'decision', ref: decision.id });
}

/**
 * Releases the decision's hold on its task, if it has one, and returns how many other
 * blockers still hold the task (E16). A deleted task has nothing left to unblock (E3).
 */
export async function releaseTaskHold(db: Queryable, decision: DecisionSnapshot): Promise<number> {
  const taskId = decision.links.taskId;
  if (!taskId) return 0;
  const task = await getTask(db, decision.workspaceId, taskId);
  if (!task) return 0;
  const open = task.blockers.filter((blocker) => !blocker.resolvedAt);
  const held = open.some((blocker) => blocker.kind === 'decision' && blocker.ref === decision.id);
  if (!held) return open.length;
  const { remaining } = await resolveBlocker(db, decision.workspaceId, taskId, { kind: 'decision', ref: decision.id });
  return remaining;
}
