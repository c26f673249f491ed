/**
 * The API over an existing database and Temporal: an API replica (`bin/api.ts`), or the API
 * that `npm start` composes beside the worker in one process.
 */
import type { Server } from 'node:http';
import { readDeployment } from '../db/deployment';
import type { Pool } from '../db/pool';
import type { Logger } from '../runtime/logger';
import type { TemporalTarget } from '../runtime/temporal-connection';
import { createApp } from './app';
import type { RateLimits } from './rate-limit';
import type { ApiRoute } from './route-list';
import { TemporalGateway } from './temporal-gateway';
import { DEFAULT_MAX_WRITES_IN_FLIGHT, WriteAdmission } from './write-admission';

export type RunningApi = {
  url: string;
  server: Server;
  temporal: TemporalGateway;
  routes: ApiRoute[];
  /** Writes in flight and refused (admission control), for metrics. */
  admission: WriteAdmission;
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
  /** Writes that reach Temporal in flight at once before the next is refused `overloaded` (CAST_MAX_WRITES_IN_FLIGHT). */
  maxWritesInFlight?: number;
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
  const admission = new WriteAdmission(options.maxWritesInFlight ?? DEFAULT_MAX_WRITES_IN_FLIGHT);
  const app = createApp({ pool: options.pool, temporal, logger: options.logger, admission, ...settings });
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
    admission,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await temporal.close();
    },
  };
}
