/** `/api/v1/runs/:id`: a host reads a run, reports its status, and claims a ready restart (declared in domain/routes/runs.ts). */
import { notFound } from '../../domain/errors';
import { actorOf } from '../../domain/principal';
import type { Pool } from '../../db/pool';
import { claimRun as claimRunRow, getRun as getRunRow, listRuns as listRunRows, updateRunStatus } from '../../db/runs';
import { claimRun, getRun, listRuns, updateRun } from '../../domain/routes/runs';
import { handle, type MountedRoute } from '../mount-routes';
import { archiveWhereWorkIsGone } from '../services/work-gone';
import type { TemporalGateway } from '../temporal-gateway';

export function runHandlers(deps: { pool: Pool; temporal: TemporalGateway }): MountedRoute[] {
  return [
    // A restart runner's view: the caller's runs in one status (ready, by default), oldest first.
    handle(listRuns, async ({ query }, { principal }) => ({
      runs: await listRunRows(deps.pool, principal, query),
    })),
    handle(getRun, async ({ params }, { principal }) => {
      const run = await getRunRow(deps.pool, principal, params.id);
      if (!run) throw notFound('run');
      return { run };
    }),
    handle(updateRun, async ({ params, body }, { principal }) => {
      const run = await updateRunStatus(deps.pool, principal, params.id, body, actorOf(principal));
      if (run.status === 'cancelled') await archiveWhereWorkIsGone(deps, { workspaceId: principal.workspaceId, runId: run.id });
      return { run };
    }),
    handle(claimRun, async ({ params }, { principal }) => ({
      run: await claimRunRow(deps.pool, principal, params.id, actorOf(principal)),
    })),
  ];
}
