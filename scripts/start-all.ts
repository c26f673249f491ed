/**
 * `npm start`: everything Cast needs on one machine, with nothing configured — a Temporal
 * dev server and an embedded PostgreSQL server (each unless TEMPORAL_ADDRESS / DATABASE_URL point
 * elsewhere), migrations, the default member, the worker and the API. Ctrl-C or SIGTERM stops it
 * all: the API drains and the worker shuts down together, within CAST_DRAIN_SECONDS; a second
 * Ctrl-C stops at once.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { configuredRateLimits } from '../api/rate-limit';
import { startApi } from '../api/server';
import { startEmbeddedPostgres } from '../runtime/postgres/embedded-postgres';
import { moveAsidePgliteDir } from '../runtime/postgres/pglite-data-dir';
import { migrate } from '../db/migrate';
import { createPool } from '../db/pool';
import { ensureDefaultMember } from '../db/tenancy';
import { processEnv, stop } from '../runtime/process-start';
import { CLOSE_MARGIN_MS } from '../runtime/shutdown-signal';
import { startWorker } from '../worker';
import { pushSettingsFrom } from '../runtime/push-settings';
import { openWorkerProbes } from '../runtime/worker-probes';
import { installTemporalRuntime } from '../runtime/temporal-runtime';
import { serveMetrics } from '../runtime/metrics-server';
import { watchDecisionGauges } from '../api/decision-gauges';
import { tracingFromEnv } from '../runtime/tracing';
import { holdDataDir } from './data-dir-lock';
import { provideTemporal } from './provide-temporal';
import { signInToken } from './sign-in-token';
import { startTemporalDevServer } from './temporal-dev-server';
import { configuredChannels } from '../runtime/notification-channels';

const { env, logger } = processEnv('cast');
// One port for the API's and the worker's metrics, both in this process; taken, it stops Cast before anything starts.
const metrics = await serveMetrics(env, logger).catch((error: unknown) => stop(logger, error));
await installTemporalRuntime(env.LOG_LEVEL, { handleSignals: false, metrics });
const drainMs = env.CAST_DRAIN_SECONDS * 1000;

const stops: Array<{ name: string; stop: () => Promise<void> }> = metrics ? [{ name: 'metrics', stop: metrics.stop }] : [];
let stopping = false;

async function stopAll(code: number): Promise<never> {
  if (stopping) process.exit(code);
  stopping = true;
  // Draining has a bound; the servers after it (database, Temporal) stop in moments.
  setTimeout(() => process.exit(code || 1), drainMs + 2 * CLOSE_MARGIN_MS).unref();
  for (const { name, stop } of stops.reverse()) {
    await stop().catch((error: unknown) => logger.warn({ err: error }, `stopping ${name} failed`));
  }
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  const started = Date.now();
  const dataDir = resolve(env.CAST_DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  holdDataDir(dataDir);

  // No address from the environment or a profile: run the dev server on TEMPORAL_PORT, where the settings point.
  if (!env.temporal.addressConfigured) {
    const server = await startTemporalDevServer({
      binary: await provideTemporal(env),
      port: env.TEMPORAL_PORT,
      dbFile: join(dataDir, 'temporal.sqlite'),
      namespace: env.temporal.namespace,
    });
    stops.push({ name: 'temporal', stop: server.stop });
  }

  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    const moved = moveAsidePgliteDir(join(dataDir, 'pg'));
    if (moved) logger.warn(moved);
    const embedded = await startEmbeddedPostgres({ dir: join(dataDir, 'pg'), ...(env.CAST_PG_PORT ? { port: env.CAST_PG_PORT } : {}) });
    stops.push({ name: 'database', stop: embedded.stop });
    databaseUrl = embedded.url;
    logger.info({ port: embedded.port }, 'embedded PostgreSQL is ready');
  }
  const pool = createPool(databaseUrl, env.CAST_PG_POOL_MAX, env.temporal.taskQueue);
  stops.push({ name: 'pool', stop: () => pool.end() });
  await migrate(pool);
  watchDecisionGauges(pool, logger);
  const principal = await ensureDefaultMember(pool);
  const token = await signInToken(pool, principal, dataDir, env.CAST_ADMIN_TOKEN);

  const temporal = env.temporal;
  const allowPrivateWebhooks = env.CAST_WEBHOOK_ALLOW_PRIVATE === 'on';
  // One process serves both, so without a public URL the worker's links use the API's own address.
  const publicUrl = env.CAST_PUBLIC_URL ?? (env.PORT ? `http://${env.HOST}:${env.PORT}` : undefined);
  // Two services in one process, as they would be deployed apart: the API's spans and the worker's.
  const apiTracing = tracingFromEnv(env, 'cast-api');
  const workerTracing = tracingFromEnv(env, 'cast-worker');
  for (const tracing of [apiTracing, workerTracing]) if (tracing) stops.push({ name: 'tracing', stop: tracing.shutdown });
  const worker = await startWorker({
    pool,
    temporal,
    allowPrivateWebhooks,
    publicUrl,
    email: env.email,
    answerLinkKey: env.CAST_ANSWER_LINK_KEY,
    push: pushSettingsFrom(env),
    slack: env.slack,
    logger,
    shutdownGraceMs: drainMs,
    tracing: workerTracing,
  });
  stops.push({ name: 'worker', stop: worker.stop });
  worker.done.catch((error: unknown) => {
    logger.fatal({ err: error }, 'worker stopped unexpectedly');
    void stopAll(1);
  });
  // The API's port serves /livez and /readyz for both (its `workers` line sees this worker poll);
  // the worker's own probe port opens only when CAST_PROBE_PORT asks for it.
  const probes = await openWorkerProbes(env, worker.readiness);
  if (probes) stops.push({ name: 'worker probes', stop: probes.close });
  const api = await startApi({
    pool,
    logger,
    host: env.HOST,
    port: env.PORT,
    temporal,
    rateLimits: configuredRateLimits(env),
    ...(env.CAST_MAX_WRITES_IN_FLIGHT ? { maxWritesInFlight: env.CAST_MAX_WRITES_IN_FLIGHT } : {}),
    checkResponses: env.CAST_CHECK_RESPONSES === 'on',
    allowPrivateWebhooks,
    publicUrl: env.CAST_PUBLIC_URL,
    trustProxy: env.CAST_TRUST_PROXY,
    answerLinkKey: env.CAST_ANSWER_LINK_KEY,
    vapidKeys: pushSettingsFrom(env).keys,
    slack: env.slack,
    oidc: env.oidc,
    notificationChannels: configuredChannels(env),
    longPollMaxSeconds: env.CAST_LONG_POLL_MAX_SECONDS,
    drainMs,
    tracing: apiTracing,
    waitFallbackMs: env.CAST_WAIT_FALLBACK_POLL_MS,
    ...(env.CAST_LISTEN_DATABASE_URL ? { listenUrl: env.CAST_LISTEN_DATABASE_URL } : {}),
  });
  // The API drains while the worker finishes its activities, so both fit in one bound; the
  // worker's own entry then finds it stopped.
  stops.push({
    name: 'api',
    stop: async () => {
      const [drained] = await Promise.all([api.stop(), worker.stop()]);
      logger.info(drained, 'API drained');
    },
  });

  // Behind a proxy people reach Cast at its public URL, not at the address it listens on.
  const url = env.CAST_PUBLIC_URL ?? api.url;
  logger.info({ url, listening: api.url, temporal: temporal.connection.address, ms: Date.now() - started }, 'Cast is ready');
  process.stdout.write(
    `\nCast is running at ${url}\n` +
      `Sign-in token (workspace ${principal.workspaceId}): ${token}\n` +
      `Try: curl -H "Authorization: Bearer ${token}" ${url}/api/v1/decisions\n` +
      `Press Ctrl-C to stop.\n\n`,
  );
} catch (error) {
  logger.fatal({ err: error }, 'Cast failed to start');
  await stopAll(1);
}
