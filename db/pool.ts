import { createHash } from 'node:crypto';
import pg from 'pg';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** A pool, or a client inside a transaction that the caller owns. */
export type Queryable = pg.Pool | pg.PoolClient;

// int8 (bigint) values in Cast are sequence numbers far below 2^53: read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * `taskQueue`: the Temporal task queue this process serves, set on each connection as
 * `cast.task_queue`. The outbox writes it on every event and a notifier reads only its own
 * (db/outbox.ts), so processes of another installation — or another test — sharing the database
 * never hand this one's events to their channels.
 */
export function createPool(connectionString: string, max = 10, taskQueue?: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 5000,
    ...(taskQueue ? { options: `-c cast.task_queue=${startupValue(taskQueue)}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  queues.set(pool, taskQueue ?? '');
  return pool;
}

const queues = new WeakMap<pg.Pool, string>();

/** The task queue a pool's connections serve (`cast.task_queue`); '' when it was made without one. */
export function poolTaskQueue(pool: pg.Pool): string {
  return queues.get(pool) ?? '';
}

/** A value in the startup packet's `options`, where a space separates settings and a backslash escapes. */
function startupValue(value: string): string {
  return value.replace(/[\\\s]/g, (char) => `\\${char}`);
}

async function newTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Runs `work` atomically: in a new transaction when given the pool, or inside the caller's
 * own when given a client (which must already be in a transaction), so writes compose.
 */
export async function withTransaction<T>(db: Queryable, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return db instanceof pg.Pool ? newTransaction(db, work) : work(db);
}

/**
 * A statement Postgres parses and plans once per connection, then reuses: for hot reads
 * whose planning costs about as much as running them. The name is derived from the text,
 * so a statement built from optional filters gets one prepared form per shape.
 */
export function prepared(db: Queryable, text: string, values: unknown[]): pg.QueryConfig {
  // A client is inside someone's transaction: keep it simple.
  if (!(db instanceof pg.Pool)) return { text, values };
  return { name: statementName(text), text, values };
}

// The hot statements are a handful of fixed texts: hash each once, not on every query.
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}
