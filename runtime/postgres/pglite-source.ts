/**
 * An earlier Cast's PGlite database, read for `npm run import-pglite`. PGlite writes to the
 * directory it opens (recovery, checkpoints), and bringing the schema up to date writes to it
 * too, so a copy in a temporary directory is opened: the person's directory is never changed.
 */
import { PGlite } from '@electric-sql/pglite';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadMigrations, type Migration } from '../../db/migrate';

export type PgliteSource = {
  /** The migrations the copy lacked and got before it was read. */
  migrated: number[];
  /** Base tables of the public schema and their columns. */
  tables(): Promise<Map<string, string[]>>;
  /** Every row of `table` as JSON text written by Postgres itself (exact timestamps and numbers), a batch at a time. */
  rows(table: string, batchRows?: number): AsyncGenerator<string[]>;
  /** Each sequence of the public schema and the last value it handed out (null: none yet). */
  sequences(): Promise<Map<string, number | null>>;
  close(): Promise<void>;
};

/** Thrown when the directory cannot be opened as a PGlite database. */
export class NotPgliteDir extends Error {
  override name = 'NotPgliteDir';
}

/** Why `dir` is not a PGlite data directory, or null when it looks like one. */
export function notPgliteDirReason(dir: string): string | null {
  if (!existsSync(dir)) return `${dir} does not exist.`;
  if (existsSync(join(dir, 'data', 'PG_VERSION'))) {
    return `${dir} holds Cast's PostgreSQL server, not an earlier Cast's PGlite database (that one was moved to a pglite-<time> directory beside it).`;
  }
  if (!existsSync(join(dir, 'PG_VERSION'))) return `${dir} is not a PGlite data directory (it has no PG_VERSION file).`;
  // A PostgreSQL server writes postmaster.opts whenever it starts; PGlite never does.
  if (existsSync(join(dir, 'postmaster.opts'))) return `${dir} is a PostgreSQL server's data directory, not PGlite's.`;
  return null;
}

export async function openPgliteCopy(dir: string, migrations?: Migration[]): Promise<PgliteSource> {
  const copy = mkdtempSync(join(tmpdir(), 'cast-import-pglite-'));
  let db: PGlite;
  try {
    cpSync(dir, copy, { recursive: true });
    db = await PGlite.create({ dataDir: copy });
  } catch (error) {
    rmSync(copy, { recursive: true, force: true });
    throw new NotPgliteDir(`${dir} could not be opened as a PGlite database: ${(error as Error).message}`, { cause: error });
  }
  try {
    const migrated = await migratePglite(db, migrations ?? (await loadMigrations()));
    return {
      migrated,
      tables: () => tablesOf(db),
      rows: (table, batchRows = 200) => rowsOf(db, table, batchRows),
      sequences: () => sequencesOf(db),
      async close() {
        await db.close().catch(() => {});
        rmSync(copy, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await db.close().catch(() => {});
    rmSync(copy, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Applies the migrations a PGlite database lacks (the earlier Cast's may predate some), so the
 * rows read match today's schema; returns the versions applied.
 * db/migrate.ts's `migrate` takes a pg Pool (a connection per transaction, an advisory lock
 * against other processes); this copy is PGlite, open in this process alone, so its loop is
 * repeated here without the lock: each missing migration with its schema_migrations row, in
 * one transaction.
 */
export async function migratePglite(db: PGlite, migrations: Migration[]): Promise<number[]> {
  await db.exec(
    `create table if not exists schema_migrations (
       version int primary key, name text not null, applied_at timestamptz not null default now())`,
  );
  const { rows } = await db.query<{ version: number }>('select version from schema_migrations');
  const done = new Set(rows.map((row) => row.version));
  const known = new Set(migrations.map((migration) => migration.version));
  const unknown = [...done].filter((version) => !known.has(version));
  if (unknown.length) {
    throw new Error(`The PGlite database has migrations this Cast does not know (${unknown.join(', ')}): it was written by a newer Cast.`);
  }
  const applied: number[] = [];
  for (const migration of migrations) {
    if (done.has(migration.version)) continue;
    try {
      await db.transaction(async (tx) => {
        await tx.exec(migration.sql);
        await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [migration.version, migration.name]);
      });
    } catch (error) {
      throw new Error(`Migration ${migration.version}_${migration.name} failed on the PGlite database: ${(error as Error).message}`, {
        cause: error,
      });
    }
    applied.push(migration.version);
  }
  return applied;
}

async function tablesOf(db: PGlite): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ table: string; columns: string[] }>(
    `select c.relname as table, array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      group by c.relname order by c.relname`,
  );
  return new Map(rows.map((row) => [row.table, row.columns]));
}

async function* rowsOf(db: PGlite, table: string, batchRows: number): AsyncGenerator<string[]> {
  // A cursor, so a large table is never held in memory at once.
  await db.exec(`begin; declare import_rows no scroll cursor for select row_to_json(t)::text as r from ${pg.escapeIdentifier(table)} t`);
  try {
    for (;;) {
      const { rows } = await db.query<{ r: string }>(`fetch ${batchRows} from import_rows`);
      if (rows.length === 0) return;
      yield rows.map((row) => row.r);
    }
  } finally {
    await db.exec('commit');
  }
}

async function sequencesOf(db: PGlite): Promise<Map<string, number | null>> {
  const { rows } = await db.query<{ name: string; last: number | null }>(
    `select sequencename as name, last_value as last from pg_sequences where schemaname = 'public'`,
  );
  return new Map(rows.map((row) => [row.name, row.last === null ? null : Number(row.last)]));
}
