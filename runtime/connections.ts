/**
 * Where a worker or an API process started on its own (`tsx worker.ts`, `tsx api/server.ts`)
 * finds its database and Temporal: DATABASE_URL and TEMPORAL_ADDRESS when set, else the
 * embedded PostgreSQL and the Temporal dev server that `npm start` runs from the same data
 * directory — so extra processes join a default install with nothing configured.
 */
import { join } from 'node:path';
import { runningEmbeddedUrl } from '../db/embedded-postgres';
import type { Env } from './env';

export type Connections = { databaseUrl: string; temporalAddress: string };

export function processConnections(env: Env): Connections {
  const databaseUrl = env.DATABASE_URL ?? runningEmbeddedUrl(join(env.CAST_DATA_DIR, 'pg'));
  if (!databaseUrl) {
    throw new Error(
      `No DATABASE_URL, and no embedded PostgreSQL is running from ${join(env.CAST_DATA_DIR, 'pg')}: set DATABASE_URL, or run \`npm start\` first.`,
    );
  }
  return { databaseUrl, temporalAddress: env.TEMPORAL_ADDRESS ?? `127.0.0.1:${env.TEMPORAL_PORT}` };
}
