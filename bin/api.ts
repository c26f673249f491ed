/**
 * An API replica: `node dist/api.js` (built), or `npx tsx bin/api.ts` in development.
 * Configured by the environment alone. It starts while Temporal is away (`/healthz` says why).
 * SIGTERM drains it (api/server-drain.ts) within CAST_DRAIN_SECONDS, then it exits.
 */
import { configuredRateLimits } from '../api/rate-limit';
import { startApi } from '../api/server';
import { openDatabase, processEnv, stop } from '../runtime/process-start';
import { onShutdownSignal } from '../runtime/shutdown-signal';
import { installTemporalRuntime } from '../runtime/temporal-runtime';
import { serveMetrics } from '../runtime/metrics-server';
import { watchDecisionGauges } from '../api/decision-gauges';
import { tracingFromEnv } from '../runtime/tracing';
import { pushSettingsFrom } from '../runtime/push-settings';
import { configuredChannels } from '../runtime/notification-channels';

const { env, logger } = processEnv('cast-api');
// First: a metrics port another process holds stops this one before it does anything.
const metrics = await serveMetrics(env, logger).catch((error: unknown) => stop(logger, error));
// The API's Temporal connection runs on the core runtime; this process drains itself on a signal.
await installTemporalRuntime(env.LOG_LEVEL, { handleSignals: false, metrics });
const drainMs = env.CAST_DRAIN_SECONDS * 1000;
const pool = await openDatabase(env, logger);
watchDecisionGauges(pool, logger);
const tracing = tracingFromEnv(env, 'cast-api');
const api = await startApi({
  pool,
  logger,
  host: env.HOST,
  port: env.PORT,
  temporal: env.temporal,
  rateLimits: configuredRateLimits(env),
  ...(env.CAST_MAX_WRITES_IN_FLIGHT ? { maxWritesInFlight: env.CAST_MAX_WRITES_IN_FLIGHT } : {}),
  checkResponses: env.CAST_CHECK_RESPONSES === 'on',
  allowPrivateWebhooks: env.CAST_WEBHOOK_ALLOW_PRIVATE === 'on',
  publicUrl: env.CAST_PUBLIC_URL,
  trustProxy: env.CAST_TRUST_PROXY,
  answerLinkKey: env.CAST_ANSWER_LINK_KEY,
  vapidKeys: pushSettingsFrom(env).keys,
  slack: env.slack,
  oidc: env.oidc,
  notificationChannels: configuredChannels(env),
  longPollMaxSeconds: env.CAST_LONG_POLL_MAX_SECONDS,
  drainMs,
  tracing,
  waitFallbackMs: env.CAST_WAIT_FALLBACK_POLL_MS,
  ...(env.CAST_LISTEN_DATABASE_URL ? { listenUrl: env.CAST_LISTEN_DATABASE_URL } : {}),
});
onShutdownSignal(logger, drainMs, async () => {
  const drained = await api.stop();
  logger.info(drained, 'API drained');
  // Spans still buffered go out before the process ends.
  await tracing?.shutdown();
  await pool.end();
});
logger.info({ url: api.url, publicUrl: env.CAST_PUBLIC_URL ?? null }, 'API listening');
// Say at once when Temporal refuses this process's credentials, rather than at the first filing.
const trouble = await api.temporal.trouble();
if (trouble) logger.error(trouble);
