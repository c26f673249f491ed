/**
 * The API's probes. `GET /livez`: 200 while the process serves HTTP at all, asking nothing
 * else, so a liveness probe never restarts a replica for a dependency's outage. `GET /readyz`:
 * 200 only when this replica can serve a write — PostgreSQL answers, Temporal answers, and a
 * worker polls Cast's task queue for workflow and activity tasks — and it is not draining;
 * else 503, the body naming each check with its cause.
 */
import { Router } from 'express';
import type { Pool } from '../../db/pool';
import { databaseCheck, readiness, sharedFor, type Check } from '../../runtime/readiness';
import type { Lifecycle } from '../lifecycle';
import type { TemporalGateway } from '../temporal-gateway';

/** Long enough that a storm of probes asks Temporal about once, short enough that readiness follows a worker at once. */
const TEMPORAL_ANSWER_MS = 2000;
/** A storm of probes takes one pooled connection, not every one a request would need. */
const DATABASE_ANSWER_MS = 1000;

type WorkersCheck = Check & { pollers: number };

async function temporalCheck(temporal: TemporalGateway): Promise<Check> {
  const trouble = await temporal.trouble();
  return trouble === null ? { ok: true } : { ok: false, cause: trouble };
}

async function workersCheck(temporal: TemporalGateway): Promise<WorkersCheck> {
  let pollers: Awaited<ReturnType<TemporalGateway['pollers']>>;
  try {
    pollers = await temporal.pollers();
  } catch {
    return { ok: false, pollers: 0, cause: 'Temporal did not say which workers poll (see the temporal check).' };
  }
  const count = new Set([...pollers.workflow, ...pollers.activity]).size;
  const missing = [...(pollers.workflow.length ? [] : ['workflow']), ...(pollers.activity.length ? [] : ['activity'])];
  if (missing.length === 0) return { ok: true, pollers: count };
  return {
    ok: false,
    pollers: count,
    cause: `No worker polls task queue ${temporal.taskQueue} for ${missing.join(' or ')} tasks: start a worker (node dist/worker.js) with the same TEMPORAL_TASK_QUEUE and TEMPORAL_NAMESPACE.`,
  };
}

export function probesRouter(deps: { pool: Pool; temporal: TemporalGateway; lifecycle: Lifecycle }): Router {
  const router = Router();
  // The gateway holds each Temporal call to its own deadline.
  const temporalChecks = sharedFor(TEMPORAL_ANSWER_MS, () => Promise.all([temporalCheck(deps.temporal), workersCheck(deps.temporal)]));
  const databaseChecked = sharedFor(DATABASE_ANSWER_MS, () => databaseCheck(deps.pool));

  router.get('/livez', (_req, res) => {
    res.json({ live: true });
  });

  router.get('/readyz', async (_req, res) => {
    const [database, [temporal, workers]] = await Promise.all([databaseChecked(), temporalChecks()]);
    const report = readiness({ database, temporal, workers }, deps.lifecycle.draining);
    res.status(report.ready ? 200 : 503).json(report);
  });
  return router;
}
