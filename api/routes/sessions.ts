/**
 * `/api/v1/sessions`: a host registers its conversation under its own id, keeps it alive
 * with heartbeats, stops it, and reports its runs. Another member's session reads as missing.
 */
import { Router } from 'express';
import { z } from 'zod';
import { CreateRunBody } from '../../domain/run';
import { PutSessionBody, SessionId } from '../../domain/session';
import { memberActor } from '../../db/activity';
import type { Pool } from '../../db/pool';
import { createRun, latestRun } from '../../db/runs';
import { ensureSession, heartbeat, listSessions, requireSession, stopSession } from '../../db/sessions';
import { EmptyBody } from '../empty-body';
import { listLimit } from '../list-limit';
import { parseWith } from '../problem';

const ListQuery = z.object({ scope: z.string().min(1).max(200).optional(), limit: listLimit(50, 200) });
const Params = z.object({ id: SessionId });

export function sessionsRouter(deps: { pool: Pool }): Router {
  const router = Router();

  router.put('/:id', async (req, res) => {
    const { id } = parseWith(Params, req.params);
    const body = parseWith(PutSessionBody, req.body ?? {});
    const session = await ensureSession(deps.pool, res.locals.principal, { id, ...body });
    res.json({ session });
  });

  router.get('/', async (req, res) => {
    const query = parseWith(ListQuery, req.query);
    res.json({ sessions: await listSessions(deps.pool, res.locals.principal, query) });
  });

  router.get('/:id', async (req, res) => {
    const session = await requireSession(deps.pool, res.locals.principal, req.params.id);
    const run = await latestRun(deps.pool, res.locals.principal.workspaceId, session.id);
    res.json({ session: { ...session, latestRun: run } });
  });

  router.post('/:id/heartbeat', async (req, res) => {
    parseWith(EmptyBody, req.body ?? {});
    res.json({ session: await heartbeat(deps.pool, res.locals.principal, req.params.id) });
  });

  router.post('/:id/stop', async (req, res) => {
    parseWith(EmptyBody, req.body ?? {});
    const { principal } = res.locals;
    res.json({ session: await stopSession(deps.pool, principal, req.params.id, memberActor(principal)) });
  });

  router.post('/:id/runs', async (req, res) => {
    const body = parseWith(CreateRunBody, req.body ?? {});
    const { principal } = res.locals;
    const session = await requireSession(deps.pool, principal, req.params.id);
    const run = await createRun(deps.pool, { workspaceId: principal.workspaceId, sessionId: session.id, ...body }, memberActor(principal));
    res.status(201).location(`/api/v1/runs/${run.id}`).json({ run });
  });

  return router;
}
