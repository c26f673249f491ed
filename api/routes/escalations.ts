/**
 * `/api/v1/escalations`: an agent that gives up raises one (a second raise with an open
 * one's dedupe key updates it); a person resolves it here, in the queue, through the chat
 * tool or from its Inbox message — one resolution either way (FR-29).
 */
import { Router } from 'express';
import { z } from 'zod';
import { EscalationStatus, RaiseEscalationBody, ResolveEscalationBody } from '../../domain/escalation';
import { escalationNotFound, getEscalation, listEscalations } from '../../db/escalations';
import type { Pool } from '../../db/pool';
import { listLimit } from '../list-limit';
import { parseWith } from '../problem';
import { raiseEscalation, resolveEscalation } from '../services/records';
import type { TemporalGateway } from '../temporal-gateway';

const ListQuery = z.strictObject({
  status: z.enum(EscalationStatus).optional(),
  task: z.string().trim().min(1).max(200).optional(),
  limit: listLimit(50, 200),
});

export function escalationsRouter(deps: { pool: Pool; temporal: TemporalGateway; undoWindowMs?: number }): Router {
  const router = Router();

  router.post('/', async (req, res) => {
    const { escalation, created } = await raiseEscalation(deps, res.locals.principal, parseWith(RaiseEscalationBody, req.body));
    res.status(created ? 201 : 200).location(`/api/v1/escalations/${escalation.id}`).json({ escalation, updated: !created });
  });

  router.get('/', async (req, res) => {
    const { task, ...query } = parseWith(ListQuery, req.query);
    res.json({ escalations: await listEscalations(deps.pool, res.locals.principal.workspaceId, { ...query, ...(task ? { taskId: task } : {}) }) });
  });

  router.get('/:id', async (req, res) => {
    const escalation = await getEscalation(deps.pool, res.locals.principal.workspaceId, req.params.id);
    if (!escalation) throw escalationNotFound();
    res.json({ escalation });
  });

  router.post('/:id/resolve', async (req, res) => {
    const body = parseWith(ResolveEscalationBody, req.body);
    res.json({ escalation: await resolveEscalation(deps, res.locals.principal, req.params.id, body) });
  });

  return router;
}
