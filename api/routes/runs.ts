/** `/api/v1/runs/:id`: a host reads a run, reports its status, and claims a ready restart. */
import { Router } from 'express';
import { z } from 'zod';
import { memberActor } from '../../db/activity';
import type { Pool } from '../../db/pool';
import { RunStatus, UpdateRunBody } from '../../domain/run';
import { claimRun, getRun, listRuns, runNotFound, updateRunStatus } from '../../db/runs';
import { listLimit } from '../list-limit';
import { EmptyBody } from '../empty-body';
import { parseWith } from '../problem';
import { archiveWhereWorkIsGone } from '../services/work-gone';
import type { TemporalGateway } from '../temporal-gateway';

const ListQuery = z.strictObject({ status: z.enum(RunStatus).default('ready'), limit: listLimit(20, 100) });

export function runsRouter(deps: { pool: Pool; temporal: TemporalGateway }): Router {
  const router = Router();

  // A restart runner's view: the caller's runs in one status (ready, by default), oldest first.
  router.get('/', async (req, res) => {
    const query = parseWith(ListQuery, req.query);
    res.json({ runs: await listRuns(deps.pool, res.locals.principal, query) });
  });

  router.get('/:id', async (req, res) => {
    const run = await getRun(deps.pool, res.locals.principal, req.params.id);
    if (!run) throw runNotFound();
    res.json({ run });
  });

  router.patch('/:id', async (req, res) => {
    const body = parseWith(UpdateRunBody, req.body);
    const { principal } = res.locals;
    const run = await updateRunStatus(deps.pool, principal, req.params.id, body, memberActor(principal));
    if (run.status === 'cancelled') await archiveWhereWorkIsGone(deps, { workspaceId: principal.workspaceId, runId: run.id });
    res.json({ run });
  });

  router.post('/:id/claim', async (req, res) => {
    parseWith(EmptyBody, req.body ?? {});
    const { principal } = res.locals;
    res.json({ run: await claimRun(deps.pool, principal, req.params.id, memberActor(principal)) });
  });

  return router;
}
