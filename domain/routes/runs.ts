/** `/api/v1/runs`: a host reads a run, reports its status, and claims a ready restart (a run is reported under its session). */
import { z } from 'zod';
import { characters } from '../text-fields';
import { Run, RunNames, RunStatus, RunWithSeedMessage, UpdateRunBody } from '../run';
import { EmptyBody } from './empty-body';
import { limitQuery } from './list-limit';
import { route } from './route';

const tag = 'Runs';
const RunParams = z.object({ id: z.string().min(1) });
const OneRun = z.object({ run: Run });

const listRuns = route({
  tag,
  method: 'get',
  path: '/runs',
  operationId: 'listRuns',
  summary: "The caller's runs in one status",
  description: 'Oldest first, each with the message it starts from (for restart runners).',
  query: z.strictObject({
    status: z.enum(RunStatus).default('ready'),
    /** Only this session's runs: a runner per conversation. */
    session: characters(200).min(1).optional(),
    /** Only runs of sessions in this project (the scope a host registered the session under): a runner per project. */
    scope: characters(200).min(1).optional(),
    limit: limitQuery(20, 100),
  }),
  ok: { status: 200, description: 'The runs.', schema: z.object({ runs: z.array(RunWithSeedMessage) }) },
  permission: 'decision.read',
});

const getRun = route({
  tag,
  method: 'get',
  path: '/runs/:id',
  operationId: 'getRun',
  summary: 'Read a run',
  description: 'With `names`: its title (agent and task, or project), its task and the question of the decision that restarted it.',
  params: RunParams,
  ok: { status: 200, description: 'The run and its names.', schema: z.object({ run: Run, names: RunNames }) },
  errors: ['run_not_found'],
  permission: 'decision.read',
});

const updateRun = route({
  tag,
  method: 'patch',
  path: '/runs/:id',
  operationId: 'updateRun',
  summary: "Report a run's status",
  description: 'running, parked, completed, failed or cancelled; any other change is 409 `invalid_transition`.',
  params: RunParams,
  body: { schema: UpdateRunBody.meta({ id: 'UpdateRunBody' }) },
  ok: { status: 200, description: 'The run after the change.', schema: OneRun },
  errors: ['run_not_found', 'invalid_transition'],
  permission: 'session.report',
});

const claimRun = route({
  tag,
  method: 'post',
  path: '/runs/:id/claim',
  operationId: 'claimRun',
  summary: 'Claim a ready run',
  description: 'A host begins executing a restart Cast admitted. Takes no body, or `{}`.',
  params: RunParams,
  body: { schema: EmptyBody, required: false },
  ok: { status: 200, description: 'The run, now running.', schema: OneRun },
  errors: ['run_not_found', 'run_not_ready'],
  permission: 'session.report',
});

export const runRoutes = { listRuns, getRun, updateRun, claimRun };
