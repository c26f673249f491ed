/**
 * A worker replica: `node dist/worker.js` (built), or `npx tsx bin/worker.ts` in development.
 * Configured by the environment alone; stops at start, saying why, when it cannot work.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openDatabase, processEnv, stop } from '../runtime/process-start';
import { installTemporalLogging } from '../runtime/temporal-runtime';
import { tracingFromEnv } from '../runtime/tracing';
import { startWorker } from '../worker';

const { env, logger } = processEnv('cast-worker');
installTemporalLogging(env.LOG_LEVEL, { handleSignals: true });
const pool = await openDatabase(env, logger);
const tracing = tracingFromEnv(env, 'cast-worker');
// The build prebundles the workflows beside this file, with and without the tracing
// interceptors; in development they are bundled now.
const bundle = fileURLToPath(new URL(tracing ? './workflow-bundle-traced.js' : './workflow-bundle.js', import.meta.url));
const worker = await startWorker({
  pool,
  temporal: env.temporal,
  allowPrivateWebhooks: env.CAST_WEBHOOK_ALLOW_PRIVATE === 'on',
  ...(existsSync(bundle) ? { workflowBundle: { codePath: bundle } } : {}),
  tracing,
}).catch((error: unknown) => stop(logger, error));
logger.info({ namespace: env.temporal.namespace, taskQueue: env.temporal.taskQueue }, 'worker polling');
await worker.done;
await tracing?.shutdown();
await pool.end();
