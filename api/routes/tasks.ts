/** `/api/v1/tasks` and their blockers. Deleted tasks read as missing. */
import { Router } from 'express';
import { z } from 'zod';
import { BlockerBody, CreateTaskBody, TaskStatus, UpdateTaskBody } from '../../domain/task';
import { memberActor } from '../../db/activity';
import type { Pool } from '../../db/pool';
import { blockTask, createTask, getTask, listTasks, resolveBlocker, taskNotFound, updateTask } from '../../db/tasks';
import { listLimit } from '../list-limit';
import { parseWith } from '../problem';

const ListQuery = z.object({
  status: z.enum(TaskStatus).optional(),
  mission: z.string().min(1).optional(),
  agent: z.string().min(1).optional(),
  limit: listLimit(50, 200),
});

export function tasksRouter(deps: { pool: Pool }): Router {
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
