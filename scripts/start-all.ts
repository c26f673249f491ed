/**
 * `npm start`: everything Cast needs on one machine, with nothing configured — a Temporal
 * dev server and an embedded PostgreSQL server (each unless TEMPORAL_ADDRESS / DATABASE_URL point
 * elsewhere), migrations, the default member, the worker and the API. Ctrl-C stops it all.
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
import { processEnv } from '../runtime/process-start';
import { startWorker } from '../worker';
import { installTemporalLogging } from '../runtime/temporal-runtime';
import { holdDataDir } from './data-dir-lock';
import { provideTemporal } from './provide-temporal';
import { signInToken } from './sign-in-token';
import { startTemporalDevServer } from './temporal-dev-server';

const { env, logger } = processEnv('cast');
installTemporalLogging(env.LOG_LEVEL, { handleSignals: false });

const stops: Array<{ name: string; stop: () => Promise<void> }> = [];
let stopping = false;

async function stopAll(code: number): Promise<never> {
  if (stopping) process.exit(code);
  stopping = true;
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
  const pool = createPool(databaseUrl, env.CAST_PG_POOL_MAX);
  stops.push({ name: 'pool', stop: () => pool.end() });
  await migrate(pool);
  const principal = await ensureDefaultMember(pool);
  const token = await signInToken(pool, principal, dataDir, env.CAST_ADMIN_TOKEN);

  const temporal = env.temporal;
  const allowPrivateWebhooks = env.CAST_WEBHOOK_ALLOW_PRIVATE === 'on';
  const worker = await startWorker({ pool, temporal, allowPrivateWebhooks });
  stops.push({ name: 'worker', stop: worker.stop });
  worker.done.catch((error: unknown) => {
    logger.fatal({ err: error }, 'worker stopped unexpectedly');
    void stopAll(1);
  });
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
  });
  stops.push({ name: 'api', stop: api.stop });

  logger.info({ url: api.url, temporal: temporal.connection.address, ms: Date.now() - started }, 'Cast is ready');
  process.stdout.write(
    `\nCast is running at ${api.url}\n` +
      `Sign-in token (workspace ${principal.workspaceId}): ${token}\n` +
      `Try: curl -H "Authorization: Bearer ${token}" ${api.url}/api/v1/decisions\n` +
      `Press Ctrl-C to stop.\n\n`,
  );
} catch (error) {
  logger.fatal({ err: error }, 'Cast failed to start');
  await stopAll(1);
}
