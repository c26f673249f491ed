/**
 * A worker replica: `node dist/worker.js` (built), or `npx tsx bin/worker.ts` in development.
 * Configured by the environment alone; stops at start, saying why, when it cannot work.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openDatabase, processEnv, stop } from '../runtime/process-start';
import { installTemporalLogging } from '../runtime/temporal-runtime';
import { startWorker } from '../worker';
import { serveMetrics } from '../runtime/metrics-server';

const { env, logger } = processEnv('cast-worker');
// First: a metrics port another process holds stops this one before it does anything.
const metrics = await serveMetrics(env, logger).catch((error: unknown) => stop(logger, error));
installTemporalLogging(env.LOG_LEVEL, { handleSignals: true, metricsBindAddress: metrics?.temporalBindAddress });
const pool = await openDatabase(env, logger);
// The build prebundles the workflows beside this file; in development they are bundled now.
const bundle = fileURLToPath(new URL('./workflow-bundle.js', import.meta.url));
const worker = await startWorker({
  pool,
  temporal: env.temporal,
  allowPrivateWebhooks: env.CAST_WEBHOOK_ALLOW_PRIVATE === 'on',
  ...(existsSync(bundle) ? { workflowBundle: { codePath: bundle } } : {}),
}).catch((error: unknown) => stop(logger, error));
logger.info({ namespace: env.temporal.namespace, taskQueue: env.temporal.taskQueue }, 'worker polling');
await worker.done;
await metrics?.stop();
await pool.end();
