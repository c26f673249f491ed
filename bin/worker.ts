/**
 * A worker replica: `node dist/worker.js` (built), or `npx tsx bin/worker.ts` in development.
 * Configured by the environment alone; stops at start, saying why, when it cannot work.
 * SIGTERM is the SDK's graceful shutdown: no new tasks, running activities get CAST_DRAIN_SECONDS.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openDatabase, processEnv, stop } from '../runtime/process-start';
import { CLOSE_MARGIN_MS } from '../runtime/shutdown-signal';
import { installTemporalRuntime } from '../runtime/temporal-runtime';
import { tracingFromEnv } from '../runtime/tracing';
import { startWorker, type RunningWorker } from '../worker';
import { openWorkerProbes, starting } from '../runtime/worker-probes';
import { serveMetrics } from '../runtime/metrics-server';
import { pushSettingsFrom } from '../runtime/push-settings';

const { env, logger } = processEnv('cast-worker');
// First: a metrics port another process holds stops this one before it does anything.
const metrics = await serveMetrics(env, logger).catch((error: unknown) => stop(logger, error));
await installTemporalRuntime(env.LOG_LEVEL, { handleSignals: true, metrics });
const drainMs = env.CAST_DRAIN_SECONDS * 1000;
// The SDK shuts the worker down on the signal; this only makes sure the process ends in time.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    logger.info({ signal, boundSeconds: env.CAST_DRAIN_SECONDS }, 'worker shutting down');
    setTimeout(() => {
      logger.error({ boundSeconds: env.CAST_DRAIN_SECONDS }, 'worker shutdown outlasted its bound; stopping now');
      process.exit(1);
    }, drainMs + CLOSE_MARGIN_MS).unref();
  });
}
// Open first, so liveness holds while the workflows bundle and Temporal connects; readiness waits for polling.
const started: { worker?: RunningWorker } = {};
const probes = await openWorkerProbes(env, () => started.worker?.readiness() ?? starting()).catch((error: unknown) => stop(logger, error));
if (probes) logger.info({ url: probes.url }, 'worker probes listening (/livez, /readyz)');
const pool = await openDatabase(env, logger);
const tracing = tracingFromEnv(env, 'cast-worker');
// The build prebundles the workflows beside this file, with and without the tracing
// interceptors; in development they are bundled now.
const bundle = fileURLToPath(new URL(tracing ? './workflow-bundle-traced.js' : './workflow-bundle.js', import.meta.url));
const worker = await startWorker({
  pool,
  temporal: env.temporal,
  allowPrivateWebhooks: env.CAST_WEBHOOK_ALLOW_PRIVATE === 'on',
  publicUrl: env.CAST_PUBLIC_URL,
  email: env.email,
  answerLinkKey: env.CAST_ANSWER_LINK_KEY,
  push: pushSettingsFrom(env),
  slack: env.slack,
  logger,
  shutdownGraceMs: drainMs,
  ...(existsSync(bundle) ? { workflowBundle: { codePath: bundle } } : {}),
  tracing,
}).catch((error: unknown) => stop(logger, error));
started.worker = worker;
logger.info({ namespace: env.temporal.namespace, taskQueue: env.temporal.taskQueue }, 'worker polling');
await worker.done.catch((error: unknown) => stop(logger, error));
await metrics?.stop();
await tracing?.shutdown();
await probes?.close();
await pool.end();
logger.info('worker stopped');
