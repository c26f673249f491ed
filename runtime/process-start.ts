/**
 * What every Cast process does before its own work: read the environment (refusing unknown
 * `CAST_*` settings, warning of ignored `TEMPORAL_*` ones), find the database — DATABASE_URL,
 * else the embedded PostgreSQL that `npm start` runs from the same data directory, so extra
 * processes join a default install with nothing configured — and check that its schema is the
 * one this build was made for. Anything wrong stops the process with one sentence.
 */
import { join } from 'node:path';
import { runningEmbeddedUrl } from './postgres/embedded-postgres';
import { createPool, type Pool } from '../db/pool';
import { checkSchemaLevel } from '../db/schema-level';
import { EnvError, loadEnv, type Env } from './env';
import { createLogger, type Logger } from './logger';

/** Exit status of a process that cannot start as configured (a supervisor should not just retry it). */
export const CONFIG_EXIT = 2;

export function processEnv(name: string): { env: Env; logger: Logger } {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    sayWhy(createLogger('info', name), error.message);
    process.exit(CONFIG_EXIT);
  }
  const logger = createLogger(env.LOG_LEVEL, name);
  for (const warning of env.warnings) logger.warn(warning);
  return { env, logger };
}

export function databaseUrlOf(env: Env): string {
  const url = env.DATABASE_URL ?? runningEmbeddedUrl(join(env.CAST_DATA_DIR, 'pg'));
  if (!url) {
    throw new EnvError(
      `No DATABASE_URL, and no embedded PostgreSQL is running from ${join(env.CAST_DATA_DIR, 'pg')}: set DATABASE_URL, or run \`npm start\` first.`,
    );
  }
  return url;
}

/**
 * A pool over a database whose schema this build knows, or the process stops saying why; `size`
 * for a tool's own small pool, else CAST_PG_POOL_MAX (else db/pool.ts's default).
 */
export async function openDatabase(env: Env, logger: Logger, size?: number): Promise<Pool> {
  let pool: Pool | undefined;
  try {
    pool = createPool(databaseUrlOf(env), size ?? env.CAST_PG_POOL_MAX, env.temporal.taskQueue);
    await checkSchemaLevel(pool);
    return pool;
  } catch (error) {
    await pool?.end().catch(() => {});
    return stop(logger, error);
  }
}

/** Logs why the process cannot go on, in its own words, and exits. */
export function stop(logger: Logger, error: unknown): never {
  sayWhy(logger, error instanceof Error ? error.message : String(error));
  process.exit(error instanceof EnvError ? CONFIG_EXIT : 1);
}

/**
 * The reason in the JSON log (stdout, for the log pipeline) and as one plain line on stderr:
 * whoever started the process by hand, a supervisor or a test reading stderr sees why it stopped.
 */
function sayWhy(logger: Logger, message: string): void {
  logger.fatal(message);
  const name = (logger.bindings() as { name?: string }).name ?? 'cast';
  process.stderr.write(`${name}: ${message}\n`);
}
