/**
 * `npm run reconcile`: compares the read model with the decision workflows once, repairs the
 * rows that fell behind, and prints the report (the worker also does this every 15 minutes).
 * Reaches the database and Temporal as every Cast process does (DATABASE_URL, TEMPORAL_*).
 */
import { Client } from '@temporalio/client';
import { reconcileDecisions } from '../activities/reconcile';
import { readDeployment } from '../db/deployment';
import { openDatabase, processEnv, stop } from '../runtime/process-start';
import { connectTemporal } from '../runtime/temporal-connection';

const { env, logger } = processEnv('reconcile');
const pool = await openDatabase(env, logger, 2);
const connection = await connectTemporal(env.temporal).catch((error: unknown) => stop(logger, error));
try {
  const report = await reconcileDecisions(pool, new Client({ connection, namespace: env.temporal.namespace }), {
    taskQueue: env.temporal.taskQueue,
    deployment: await readDeployment(pool),
  });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} finally {
  await connection.close();
  await pool.end();
}
