/** `/api/v1/tasks` and their blockers (declared in domain/routes/tasks.ts). Deleted tasks read as missing. */
import { notFound } from '../../domain/errors';
import { actorOf } from '../../domain/principal';
import { openDecisionsByTask } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import { listTaskComments as listTaskCommentRows } from '../../db/task-comments';
import {
  blockTask as blockTaskRow,
  createTask as createTaskRow,
  deleteTask as deleteTaskRow,
  getTask as getTaskRow,
  listTasks as listTaskRows,
  resolveBlocker as resolveBlockerRow,
  updateTask as updateTaskRow,
} from '../../db/tasks';
import {
  blockTask,
  createTask,
  deleteTask,
  getTask,
  listTaskComments,
  listTasks,
  resolveBlocker,
  tasksNeedingYou,
  updateTask,
} from '../../domain/routes/tasks';
import { handle, reply, type MountedRoute } from '../mount-routes';
import { archiveWhereWorkIsGone } from '../services/work-gone';
import type { TemporalGateway } from '../temporal-gateway';

export function taskHandlers(deps: { pool: Pool; temporal: TemporalGateway }): MountedRoute[] {
  /** Writers work on deleted tasks too (for Cast's own unblocking); the API does not. */
  async function visibleTask(workspaceId: string, id: string) {
    const task = await getTaskRow(deps.pool, workspaceId, id);
    if (!task) throw notFound('task');
    return task;
  }

  return [
    handle(createTask, async ({ body }, { principal }) => {
      const task = await createTaskRow(deps.pool, principal.workspaceId, body, actorOf(principal));
      return reply(createTask, { status: 201, body: { task } }, { location: `/api/v1/tasks/${task.id}` });
    }),
    handle(listTasks, async ({ query: { mission, agent, ...query } }, { principal }) => ({
      tasks: await listTaskRows(deps.pool, principal.workspaceId, { ...query, missionId: mission, agentId: agent }),
    })),
    handle(tasksNeedingYou, async (_input, { principal }) => ({
      tasks: await openDecisionsByTask(deps.pool, principal.workspaceId),
    })),
    handle(getTask, async ({ params }, { principal }) => ({
      task: await visibleTask(principal.workspaceId, params.id),
    })),
    handle(updateTask, async ({ params, body }, { principal }) => {
      await visibleTask(principal.workspaceId, params.id);
      return { task: await updateTaskRow(deps.pool, principal.workspaceId, params.id, body, actorOf(principal)) };
    }),
    handle(deleteTask, async ({ params }, { principal }) => {
      await deleteTaskRow(deps.pool, principal.workspaceId, params.id, actorOf(principal));
      await archiveWhereWorkIsGone(deps, { workspaceId: principal.workspaceId, taskId: params.id });
      return reply(deleteTask, { status: 204, body: undefined });
    }),
    handle(listTaskComments, async ({ params, query }, { principal }) => {
      await visibleTask(principal.workspaceId, params.id);
      return { comments: await listTaskCommentRows(deps.pool, principal.workspaceId, params.id, query.limit) };
    }),
    handle(blockTask, async ({ params, body }, { principal }) => {
      await visibleTask(principal.workspaceId, params.id);
      return { task: await blockTaskRow(deps.pool, principal.workspaceId, params.id, body, actorOf(principal)) };
    }),
    handle(resolveBlocker, async ({ params, body }, { principal }) => {
      await visibleTask(principal.workspaceId, params.id);
      const { task, remaining } = await resolveBlockerRow(deps.pool, principal.workspaceId, params.id, body, actorOf(principal));
      return { task, remaining };
    }),
  ];
}
