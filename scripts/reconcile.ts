/**
 * `npm run reconcile`: compares the read model with the decision workflows once, repairs the
 * rows that fell behind, and prints the report (the worker also does this every 15 minutes).
 * Needs DATABASE_URL and TEMPORAL_ADDRESS of a running Cast.
 */
import { Client, Connection } from '@temporalio/client';
import { reconcileDecisions } from '../activities/reconcile';
import { createPool } from '../db/pool';
import { loadEnv } from '../runtime/env';
import { createLogger } from '../runtime/logger';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL, 'reconcile');
if (!env.DATABASE_URL || !env.TEMPORAL_ADDRESS) {
  logger.fatal('npm run reconcile needs DATABASE_URL and TEMPORAL_ADDRESS of the Cast to check');
  process.exit(1);
}
const pool = createPool(env.DATABASE_URL, 2);
const connection = await Connection.connect({ address: env.TEMPORAL_ADDRESS });
try {
  const report = await reconcileDecisions(pool, new Client({ connection, namespace: env.TEMPORAL_NAMESPACE }), {
    taskQueue: env.TEMPORAL_TASK_QUEUE,
  });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} finally {
  await connection.close();
  await pool.end();
}
