/**
 * Schema and code agree or nothing starts: a process built for migration N refuses a database
 * at another level with a sentence that says what to do, before a query fails with SQL errors.
 */
import { loadMigrations, type Migration } from './migrate';
import type { Queryable } from './pool';

export class SchemaLevelError extends Error {
  override name = 'SchemaLevelError';
}

/** The newest migration applied to the database; 0 for a database never migrated. */
export async function databaseLevel(db: Queryable): Promise<number> {
  const exists = await db.query<{ found: string | null }>(`select to_regclass('schema_migrations')::text as found`);
  if (!exists.rows[0]?.found) return 0;
  const { rows } = await db.query<{ level: number | null }>('select max(version) as level from schema_migrations');
  return rows[0]?.level ?? 0;
}

/** The newest migration a build carries. */
export function buildLevel(migrations: Migration[]): number {
  return Math.max(0, ...migrations.map((migration) => migration.version));
}

/** A database migrated by a newer build: no process of this one may touch it, `migrate` included. */
export function refuseNewerDatabase(level: number, build: number): void {
  if (level > build) {
    throw new SchemaLevelError(
      `This build is older than the database: it knows migrations up to ${build}, and the database is at ${level}. Run a build at least as new as the last migrate.`,
    );
  }
}

export async function checkSchemaLevel(db: Queryable, migrations?: Migration[]): Promise<void> {
  const build = buildLevel(migrations ?? (await loadMigrations()));
  const level = await databaseLevel(db);
  if (level < build) {
    throw new SchemaLevelError(
      `The database is at migration ${level} and this build needs ${build}: run migrate first (node dist/migrate.js, or npm start for a default install).`,
    );
  }
  refuseNewerDatabase(level, build);
}
