/**
 * An API replica: `node dist/api.js` (built), or `npx tsx bin/api.ts` in development.
 * Configured by the environment alone. It starts while Temporal is away (`/healthz` says why).
 */
import { startApi } from '../api/server';
import { openDatabase, processEnv, stop } from '../runtime/process-start';
import { installTemporalLogging } from '../runtime/temporal-runtime';
import { serveMetrics } from '../runtime/metrics-server';
import { watchDecisionGauges } from '../api/decision-gauges';

const { env, logger } = processEnv('cast-api');
// First: a metrics port another process holds stops this one before it does anything.
const metrics = await serveMetrics(env, logger).catch((error: unknown) => stop(logger, error));
// The API's Temporal connection runs on the core runtime; Node's default ends this process on a signal.
installTemporalLogging(env.LOG_LEVEL, { handleSignals: false, metricsBindAddress: metrics?.temporalBindAddress });
const pool = await openDatabase(env, logger);
watchDecisionGauges(pool, logger);
const api = await startApi({
  pool,
  logger,
  host: env.HOST,
  port: env.PORT,
  temporal: env.temporal,
  ...(env.CAST_RATE_LIMITS === 'off' ? { rateLimits: null } : {}),
  checkResponses: env.CAST_CHECK_RESPONSES === 'on',
  allowPrivateWebhooks: env.CAST_WEBHOOK_ALLOW_PRIVATE === 'on',
});
logger.info({ url: api.url }, 'API listening');
// Say at once when Temporal refuses this process's credentials, rather than at the first filing.
const trouble = await api.temporal.trouble();
if (trouble) logger.error(trouble);
