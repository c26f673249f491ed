/**
 * The default database when no DATABASE_URL is set: PGlite (Postgres compiled to WASM),
 * persistent in a folder, served on a loopback port so the rest of Cast speaks plain `pg`.
 */
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { createPool, withoutPreparedStatements, type Pool } from './pool';

export type EmbeddedPostgres = { url: string; stop(): Promise<void> };

/**
 * PGlite is one backend session behind the socket: concurrent connections interleave their
 * extended-protocol messages ("unnamed prepared statement does not exist"). One connection
 * per process serialises them at the client; the single backend serialises them anyway.
 */
export const EMBEDDED_POOL_SIZE = 1;

/** A pool on the embedded database: one connection, and no named statements (they would be shared by every connection). */
export function createEmbeddedPool(url: string): Pool {
  return withoutPreparedStatements(createPool(url, EMBEDDED_POOL_SIZE));
}

/** `dataDir` undefined keeps the database in memory (tests). */
export async function startEmbeddedPostgres(options: { dataDir?: string; port?: number } = {}): Promise<EmbeddedPostgres> {
  const db = await PGlite.create(options.dataDir ? { dataDir: options.dataDir } : {});
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: options.port ?? 0, maxConnections: 100 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
