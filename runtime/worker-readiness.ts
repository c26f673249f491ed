/**
 * The worker's `/readyz`: its poll loops run (the SDK's state is RUNNING; it leaves that state
 * as it shuts down or fails), its Temporal connection answers for the namespace, and
 * PostgreSQL answers the activities' statements.
 */
import type { NativeConnection, Worker } from '@temporalio/worker';
import type { Pool } from '../db/pool';
import { explainTemporalFailure, type TemporalTarget } from './temporal-connection';
import { CHECK_DEADLINE_MS, databaseCheck, readiness, sharedFor, type Check, type Readiness } from './readiness';

type WorkerChecks = { worker: Check; temporal: Check; database: Check };

/** As the API's: a storm of probes asks Temporal and PostgreSQL about once. */
const TEMPORAL_ANSWER_MS = 2000;
const DATABASE_ANSWER_MS = 1000;

export function workerReadiness(options: {
  worker: Worker;
  connection: NativeConnection;
  target: TemporalTarget;
  pool: Pool;
}): () => Promise<Readiness<WorkerChecks>> {
  const { worker, connection, target, pool } = options;
  const temporal = sharedFor(TEMPORAL_ANSWER_MS, async (): Promise<Check> => {
    try {
      await connection.withDeadline(Date.now() + CHECK_DEADLINE_MS, () =>
        connection.workflowService.describeNamespace({ namespace: target.namespace }),
      );
      return { ok: true };
    } catch (error) {
      return { ok: false, cause: await explainTemporalFailure(error, target) };
    }
  });
  const database = sharedFor(DATABASE_ANSWER_MS, () => databaseCheck(pool));
  return async () => {
    const state = worker.getState();
    const polling: Check =
      state === 'RUNNING'
        ? { ok: true }
        : { ok: false, cause: `The worker is ${state.toLowerCase()}, not polling task queue ${target.taskQueue}.` };
    const [temporalChecked, databaseChecked] = await Promise.all([temporal(), database()]);
    // A worker that stops does so for good (its process ends), so it reports it as the cause rather than as draining.
    return readiness({ worker: polling, temporal: temporalChecked, database: databaseChecked }, false);
  };
}
