/**
 * A task as it stands, read from the decision behind it: `tasks/get` answers with it, and a
 * task listen (task-listen.ts) reads it to know the task exists before it watches it.
 */
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { DecisionId } from '../../../domain/decision-schema';
import { decisionRoutes } from '../../../domain/routes/decisions';
import { taskOf } from './decision-task';
import { codeOf } from './tool-error';
import type { ToolDeps } from './tool-result';

/** The Tasks extension's answer for an unknown task (-32602), for an id that is no decision or not one this token sees. */
export const taskNotFound = () => new ProtocolError(ProtocolErrorCode.InvalidParams, 'Failed to retrieve task: Task not found');

/** The decision behind a task, as it stands (a `timeout: 0` wait reads it without holding). */
export async function readTask(deps: ToolDeps, taskId: string, signal: AbortSignal) {
  const id = DecisionId.safeParse(taskId);
  if (!id.success) throw taskNotFound();
  const read = await deps.api
    .request(decisionRoutes.waitForDecision, { params: { id: id.data }, query: { timeout: 0 } }, signal)
    .catch((error: unknown) => {
      throw codeOf(error) === 'decision_not_found' ? taskNotFound() : error;
    });
  return taskOf(read.decision, read.message, deps.pageUrl(read.decision.id));
}
