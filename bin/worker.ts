/**
 * A worker replica: `node dist/worker.js` (built), or `npx tsx bin/worker.ts` in development.
 * Configured by the environment alone; stops at start, saying why, when it cannot work.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openDatabase, processEnv, stop } from '../runtime/process-start';
import { installTemporalLogging } from '../runtime/temporal-runtime';
import { startWorker, type RunningWorker } from '../worker';
import { openWorkerProbes, starting } from '../runtime/worker-probes';

const { env, logger } = processEnv('cast-worker');
installTemporalLogging(env.LOG_LEVEL, { handleSignals: true });
// Open first, so liveness holds while the workflows bundle and Temporal connects; readiness waits for polling.
const started: { worker?: RunningWorker } = {};
const probes = await openWorkerProbes(env, () => started.worker?.readiness() ?? starting()).catch((error: unknown) => stop(logger, error));
if (probes) logger.info({ url: probes.url }, 'worker probes listening (/livez, /readyz)');
const pool = await openDatabase(env, logger);
// The build prebundles the workflows beside this file; in development they are bundled now.
const bundle = fileURLToPath(new URL('./workflow-bundle.js', import.meta.url));
const worker = await startWorker({
  pool,
  temporal: env.temporal,
  allowPrivateWebhooks: env.CAST_WEBHOOK_ALLOW_PRIVATE === 'on',
  ...(existsSync(bundle) ? { workflowBundle: { codePath: bundle } } : {}),
}).catch((error: unknown) => stop(logger, error));
started.worker = worker;
logger.info({ namespace: env.temporal.namespace, taskQueue: env.temporal.taskQueue }, 'worker polling');
await worker.done;
await probes?.close();
await pool.end();
