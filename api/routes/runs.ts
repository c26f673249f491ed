/** `/api/v1/runs/:id`: a host reads a run, reports its status, and claims a ready restart (declared in domain/routes/runs.ts). */
import { notFound } from '../../domain/errors';
import { actorOf } from '../../domain/principal';
import type { Pool } from '../../db/pool';
import { claimRun, getRun, listRuns, runNames, updateRunStatus } from '../../db/runs';
import type { runRoutes } from '../../domain/routes/runs';
import { type Handlers } from '../mount-routes';
import { archiveWhereWorkIsGone } from '../services/work-gone';
import type { TemporalGateway } from '../temporal-gateway';

export function runHandlers(deps: { pool: Pool; temporal: TemporalGateway }): Handlers<typeof runRoutes> {
  return {
    // A restart runner's view: the caller's runs in one status (ready, by default), oldest first.
    listRuns: async ({ query }, { principal }) => ({
      runs: await listRuns(deps.pool, principal, query),
    }),
    getRun: async ({ params }, { principal }) => {
      const run = await getRun(deps.pool, principal, params.id);
      if (!run) throw notFound('run');
      return { run, names: await runNames(deps.pool, principal.workspaceId, run) };
    },
    updateRun: async ({ params, body }, { principal }) => {
      const run = await updateRunStatus(deps.pool, principal, params.id, body, actorOf(principal));
      if (run.status === 'cancelled') await archiveWhereWorkIsGone(deps, { workspaceId: principal.workspaceId, runId: run.id });
      return { run };
    },
    claimRun: async ({ params }, { principal }) => ({
      run: await claimRun(deps.pool, principal, params.id, actorOf(principal)),
    }),
  };
}
