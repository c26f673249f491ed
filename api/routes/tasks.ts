/** `/api/v1/tasks` and their blockers. Deleted tasks read as missing. */
import { Router } from 'express';
import { z } from 'zod';
import { BlockerBody, CreateTaskBody, TaskStatus, UpdateTaskBody } from '../../domain/task';
import { memberActor } from '../../db/activity';
import type { Pool } from '../../db/pool';
import { openDecisionsByTask } from '../../db/decision-queries';
import { listTaskComments } from '../../db/task-comments';
import { blockTask, createTask, deleteTask, getTask, listTasks, resolveBlocker, taskNotFound, updateTask } from '../../db/tasks';
import { archiveWhereWorkIsGone } from '../services/work-gone';
import type { TemporalGateway } from '../temporal-gateway';
import { listLimit } from '../list-limit';
import { parseWith } from '../problem';

const ListQuery = z.object({
  status: z.enum(TaskStatus).optional(),
  mission: z.string().min(1).optional(),
  agent: z.string().min(1).optional(),
  limit: listLimit(50, 200),
});

const CommentsQuery = z.strictObject({ limit: listLimit(100, 500) });

export function tasksRouter(deps: { pool: Pool; temporal: TemporalGateway }): Router {
  const router = Router();

  /** Writers work on deleted tasks too (for Cast's own unblocking); the API does not. */
  async function visibleTask(workspaceId: string, id: string) {
    const task = await getTask(deps.pool, workspaceId, id);
    if (!task) throw taskNotFound();
    return task;
  }

  router.post('/', async (req, res) => {
    const body = parseWith(CreateTaskBody, req.body);
    const { principal } = res.locals;
    const task = await createTask(deps.pool, principal.workspaceId, body, memberActor(principal));
    res.status(201).location(`/api/v1/tasks/${task.id}`).json({ task });
  });

  router.get('/', async (req, res) => {
    const { mission, agent, ...query } = parseWith(ListQuery, req.query);
    const tasks = await listTasks(deps.pool, res.locals.principal.workspaceId, { ...query, missionId: mission, agentId: agent });
    res.json({ tasks });
  });

  // Before `/:id`. The board's "Needs you" column: tasks with open decisions (§6.16).
  router.get('/needs-you', async (_req, res) => {
    res.json({ tasks: await openDecisionsByTask(deps.pool, res.locals.principal.workspaceId) });
  });

  router.get('/:id', async (req, res) => {
    res.json({ task: await visibleTask(res.locals.principal.workspaceId, req.params.id) });
  });

  router.patch('/:id', async (req, res) => {
    const body = parseWith(UpdateTaskBody, req.body);
    const { principal } = res.locals;
    await visibleTask(principal.workspaceId, req.params.id);
    const task = await updateTask(deps.pool, principal.workspaceId, req.params.id, body, memberActor(principal));
    res.json({ task });
  });

  router.delete('/:id', async (req, res) => {
    const { principal } = res.locals;
    await deleteTask(deps.pool, principal.workspaceId, req.params.id, memberActor(principal));
    await archiveWhereWorkIsGone(deps, { workspaceId: principal.workspaceId, taskId: req.params.id });
    res.status(204).end();
  });

  /** The task's thread: what Cast recorded there, such as a withdrawn answer (FR-40). */
  router.get('/:id/comments', async (req, res) => {
    const { limit } = parseWith(CommentsQuery, req.query);
    const { workspaceId } = res.locals.principal;
    await visibleTask(workspaceId, req.params.id);
    res.json({ comments: await listTaskComments(deps.pool, workspaceId, req.params.id, limit) });
  });

  router.post('/:id/blockers', async (req, res) => {
    const body = parseWith(BlockerBody, req.body);
    const { principal } = res.locals;
    await visibleTask(principal.workspaceId, req.params.id);
    const task = await blockTask(deps.pool, principal.workspaceId, req.params.id, body, memberActor(principal));
    res.json({ task });
  });

  router.post('/:id/blockers/resolve', async (req, res) => {
    const body = parseWith(BlockerBody, req.body);
    const { principal } = res.locals;
    await visibleTask(principal.workspaceId, req.params.id);
    const { task, remaining } = await resolveBlocker(deps.pool, principal.workspaceId, req.params.id, body, memberActor(principal));
    res.json({ task, remaining });
  });

  return router;
}
