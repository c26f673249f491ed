/**
 * The API over an existing database and Temporal: an API replica (`bin/api.ts`), or the API
 * that `npm start` composes beside the worker in one process.
 */
import type { Server } from 'node:http';
import { readDeployment } from '../db/deployment';
import { ChangeListener } from '../db/change-listener';
import type { Pool } from '../db/pool';
import type { Logger } from '../runtime/logger';
import type { TemporalTarget } from '../runtime/temporal-connection';
import { createApp } from './app';
import type { RateLimits } from './rate-limit';
import type { ApiRoute } from './route-list';
import { TemporalGateway } from './temporal-gateway';

export type RunningApi = {
  url: string;
  server: Server;
  temporal: TemporalGateway;
  routes: ApiRoute[];
  /** This process's listening connection, which wakes its waiters. */
  changes: ChangeListener;
  stop(): Promise<void>;
};

export async function startApi(options: {
  pool: Pool;
  logger: Logger;
  host: string;
  port: number;
  temporal: TemporalTarget;
  /** Stamp new decisions with this workflow version instead of the build's (a test plays a newer API). */
  workflowVersion?: number;
  /** How long answers can be undone; 10 minutes unless a test or a demo says otherwise. */
  undoWindowMs?: number;
  /** FR-61's limits by default; `null` turns them off. */
  rateLimits?: RateLimits | null;
  openPerAgent?: number;
  /** Parse every answer with its declared schema (the test suite). */
  checkResponses?: boolean;
  /** Accept webhook endpoints on loopback and private addresses (CAST_WEBHOOK_ALLOW_PRIVATE). */
  allowPrivateWebhooks?: boolean;
  /** How often a waiter re-reads while the change listener is up (CAST_WAIT_FALLBACK_POLL_MS). */
  waitFallbackMs?: number;
  /** `false`: no listening connection, waiters re-read every 100 ms (the bench's baseline). */
  listen?: boolean;
  /** The listening connection's URL when the pool's cannot hold a LISTEN (CAST_LISTEN_DATABASE_URL). */
  listenUrl?: string;
}): Promise<RunningApi> {
  const temporal = TemporalGateway.create(options.temporal, () => readDeployment(options.pool), {
    ...(options.workflowVersion ? { workflowVersion: options.workflowVersion } : {}),
  });
  const settings = {
    ...(options.undoWindowMs ? { undoWindowMs: options.undoWindowMs } : {}),
    ...(options.rateLimits !== undefined ? { rateLimits: options.rateLimits } : {}),
    ...(options.openPerAgent ? { openPerAgent: options.openPerAgent } : {}),
    ...(options.checkResponses ? { checkResponses: true } : {}),
    ...(options.allowPrivateWebhooks ? { allowPrivateWebhooks: true } : {}),
  };
  const listenerOptions = { logger: options.logger, ...(options.waitFallbackMs ? { fallbackMs: options.waitFallbackMs } : {}) };
  const changes = options.listenUrl
    ? new ChangeListener({ connectionString: options.listenUrl }, listenerOptions)
    : ChangeListener.forPool(options.pool, listenerOptions);
  if (options.listen !== false) changes.start();
  const app = createApp({ pool: options.pool, temporal, logger: options.logger, changes, ...settings });
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(options.port, options.host, (error?: Error) => (error ? reject(error) : resolve(listening)));
  }).catch(async (error: unknown) => {
    await changes.stop();
    throw error;
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${options.host}:${port}`,
    server,
    temporal,
    routes: app.locals.apiRoutes as ApiRoute[],
    changes,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await changes.stop();
      await temporal.close();
    },
  };
}
