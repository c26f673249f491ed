/** `/api/v1/tasks` and their blockers (declared in domain/routes/tasks.ts). Deleted tasks read as missing. */
import { notFound } from '../../domain/errors';
import { actorOf } from '../../domain/principal';
import { openDecisionsByTask } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import { listTaskComments } from '../../db/task-comments';
import { blockTask, createTask, deleteTask, getTask, listTasks, resolveBlocker, updateTask } from '../../db/tasks';
import { taskRoutes } from '../../domain/routes/tasks';
import { reply, type Handlers } from '../mount-routes';
import { archiveWhereWorkIsGone } from '../services/work-gone';
import type { TemporalGateway } from '../temporal-gateway';

export function taskHandlers(deps: { pool: Pool; temporal: TemporalGateway }): Handlers<typeof taskRoutes> {
  /** Writers work on deleted tasks too (for Cast's own unblocking); the API does not. */
  async function visibleTask(workspaceId: string, id: string) {
    const task = await getTask(deps.pool, workspaceId, id);
    if (!task) throw notFound('task');
    return task;
  }

  return {
    createTask: async ({ body }, { principal }) => {
      const task = await createTask(deps.pool, principal.workspaceId, body, actorOf(principal));
      return reply(taskRoutes.createTask, { status: 201, body: { task } }, { location: `/api/v1/tasks/${task.id}` });
    },
    listTasks: async ({ query: { mission, agent, ...query } }, { principal }) => ({
      tasks: await listTasks(deps.pool, principal.workspaceId, { ...query, missionId: mission, agentId: agent }),
    }),
    tasksNeedingYou: async (_input, { principal }) => ({
      tasks: await openDecisionsByTask(deps.pool, principal.workspaceId),
    }),
    getTask: async ({ params }, { principal }) => ({
      task: await visibleTask(principal.workspaceId, params.id),
    }),
    updateTask: async ({ params, body }, { principal }) => {
      await visibleTask(principal.workspaceId, params.id);
      return { task: await updateTask(deps.pool, principal.workspaceId, params.id, body, actorOf(principal)) };
    },
    deleteTask: async ({ params }, { principal }) => {
      await deleteTask(deps.pool, principal.workspaceId, params.id, actorOf(principal));
      await archiveWhereWorkIsGone(deps, { workspaceId: principal.workspaceId, taskId: params.id });
      return reply(taskRoutes.deleteTask, { status: 204, body: undefined });
    },
    listTaskComments: async ({ params, query }, { principal }) => {
      await visibleTask(principal.workspaceId, params.id);
      return { comments: await listTaskComments(deps.pool, principal.workspaceId, params.id, query.limit) };
    },
    blockTask: async ({ params, body }, { principal }) => {
      await visibleTask(principal.workspaceId, params.id);
      return { task: await blockTask(deps.pool, principal.workspaceId, params.id, body, actorOf(principal)) };
    },
    resolveBlocker: async ({ params, body }, { principal }) => {
      await visibleTask(principal.workspaceId, params.id);
      const { task, remaining } = await resolveBlocker(deps.pool, principal.workspaceId, params.id, body, actorOf(principal));
      return { task, remaining };
    },
  };
}
