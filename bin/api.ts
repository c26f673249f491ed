/**
 * An API replica: `node dist/api.js` (built), or `npx tsx bin/api.ts` in development.
 * Configured by the environment alone. It starts while Temporal is away (`/healthz` says why).
 */
import { configuredRateLimits } from '../api/rate-limit';
import { startApi } from '../api/server';
import { openDatabase, processEnv } from '../runtime/process-start';
import { installTemporalLogging } from '../runtime/temporal-runtime';

const { env, logger } = processEnv('cast-api');
// The API's Temporal connection runs on the core runtime; Node's default ends this process on a signal.
installTemporalLogging(env.LOG_LEVEL, { handleSignals: false });
const pool = await openDatabase(env, logger);
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
});
logger.info({ url: api.url }, 'API listening');
// Say at once when Temporal refuses this process's credentials, rather than at the first filing.
const trouble = await api.temporal.trouble();
if (trouble) logger.error(trouble);
