/**
 * Runs the API on its own (`tsx api/server.ts`), against an existing database and Temporal:
 * the shape of an API replica. `npm start` composes the same pieces in one process.
 */
import type { Server } from 'node:http';
import { createPool, type Pool } from '../db/pool';
import { processConnections, type Connections } from '../runtime/connections';
import { loadEnv } from '../runtime/env';
import { createLogger, type Logger } from '../runtime/logger';
import { isMain } from '../runtime/is-main';
import { createApp } from './app';
import type { RateLimits } from './rate-limit';
import type { ApiRoute } from './route-list';
import { TemporalGateway } from './temporal-gateway';
import { installTemporalLogging } from '../runtime/temporal-runtime';

export type RunningApi = { url: string; server: Server; temporal: TemporalGateway; routes: ApiRoute[]; stop(): Promise<void> };

export async function startApi(options: {
  pool: Pool;
  logger: Logger;
  host: string;
  port: number;
  temporal: { address: string; namespace: string; taskQueue: string };
  /** How long answers can be undone; 10 minutes unless a test or a demo says otherwise. */
  undoWindowMs?: number;
  /** FR-61's limits by default; `null` turns them off. */
  rateLimits?: RateLimits | null;
  openPerAgent?: number;
  /** Parse every answer with its declared schema (the test suite). */
  checkResponses?: boolean;
}): Promise<RunningApi> {
  const temporal = TemporalGateway.create(options.temporal);
  const settings = {
    ...(options.undoWindowMs ? { undoWindowMs: options.undoWindowMs } : {}),
    ...(options.rateLimits !== undefined ? { rateLimits: options.rateLimits } : {}),
    ...(options.openPerAgent ? { openPerAgent: options.openPerAgent } : {}),
    ...(options.checkResponses ? { checkResponses: true } : {}),
  };
  const app = createApp({ pool: options.pool, temporal, logger: options.logger, ...settings });
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(options.port, options.host, (error?: Error) => (error ? reject(error) : resolve(listening)));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${options.host}:${port}`,
    server,
    temporal,
    routes: app.locals.apiRoutes as ApiRoute[],
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await temporal.close();
    },
  };
}

if (isMain(import.meta.url)) {
  const env = loadEnv();
  // The API's Temporal connection runs on the core runtime; Node's default ends this process on a signal.
  installTemporalLogging(env.LOG_LEVEL, { handleSignals: false });
  const logger = createLogger(env.LOG_LEVEL, 'cast-api');
  let connections: Connections;
  try {
    connections = processConnections(env);
  } catch (error) {
    logger.fatal((error as Error).message);
    process.exit(1);
  }
  const pool = createPool(connections.databaseUrl);
  const api = await startApi({
    pool,
    logger,
    host: env.HOST,
    port: env.PORT,
    temporal: { address: connections.temporalAddress, namespace: env.TEMPORAL_NAMESPACE, taskQueue: env.TEMPORAL_TASK_QUEUE },
    ...(env.CAST_RATE_LIMITS === 'off' ? { rateLimits: null } : {}),
    checkResponses: env.CAST_CHECK_RESPONSES === 'on',
  });
  logger.info({ url: api.url }, 'API listening');
}
