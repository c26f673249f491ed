/**
 * Numbered, forward-only SQL migrations (`db/migrations/NNNN_name.sql`), each applied once,
 * in order, in its own transaction. Safe to run from several processes at once.
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Pool } from './pool';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any fixed number: it only has to be the same in every Cast process.
const MIGRATION_LOCK = 7_400_001;

export type Migration = { version: number; name: string; sql: string };

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: Number(file.slice(0, 4)),
      name: file.slice(5, -4),
      sql: await readFile(`${dir}${file}`, 'utf8'),
    })),
  );
}

/** Applies what is missing and returns the versions it applied. */
export async function migrate(pool: Pool, migrations?: Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      `create table if not exists schema_migrations (
         version int primary key, name text not null, applied_at timestamptz not null default now())`,
    );
    const { rows } = await client.query<{ version: number }>('select version from schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    const applied: number[] = [];
    for (const migration of all) {
      if (done.has(migration.version)) continue;
      await client.query('begin');
      try {
        await client.query(migration.sql);
        await client.query('insert into schema_migrations (version, name) values ($1, $2)', [migration.version, migration.name]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      applied.push(migration.version);
    }
    return applied;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
