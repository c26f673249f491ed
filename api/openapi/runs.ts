/** `/api/v1/runs` (routes/runs.ts); a run is reported under its session (sessions.ts). */
import { z } from 'zod';
import { RunStatus, UpdateRunBody } from '../../domain/run';
import type { ApiDocs } from './api-docs';
import { limitParam } from './list-params';
import { many, one, views } from './views';

export function runRoutes(docs: ApiDocs): void {
  const route = docs.resource('Runs');
  const run = one('run', views.Run);
  route({
    method: 'get',
    path: '/runs',
    operationId: 'listRuns',
    summary: "The caller's runs in one status",
    description: 'Oldest first, each with the message it starts from (for restart runners).',
    query: z.strictObject({ status: z.enum(RunStatus).default('ready'), limit: limitParam(20, 100) }),
    ok: { status: 200, description: 'The runs.', schema: many('runs', views.Run) },
  });
  route({
    method: 'get',
    path: '/runs/:id',
    operationId: 'getRun',
    summary: 'Read a run',
    ok: { status: 200, description: 'The run.', schema: run },
    errors: ['run_not_found'],
  });
  route({
    method: 'patch',
    path: '/runs/:id',
    operationId: 'updateRun',
    summary: "Report a run's status",
    description: 'running, parked, completed, failed or cancelled; any other change is 409 `invalid_transition`.',
    body: { schema: UpdateRunBody.meta({ id: 'UpdateRunBody' }) },
    ok: { status: 200, description: 'The run after the change.', schema: run },
    errors: ['run_not_found', 'invalid_transition'],
  });
  route({
    method: 'post',
    path: '/runs/:id/claim',
    operationId: 'claimRun',
    summary: 'Claim a ready run',
    description: 'A host begins executing a restart Cast admitted. Takes no body, or `{}`.',
    ok: { status: 200, description: 'The run, now running.', schema: run },
    errors: ['run_not_found', 'run_not_ready'],
  });
}
