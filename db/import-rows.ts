/**
 * The target side of `npm run import-pglite`: every row of an earlier Cast's database copied
 * into a fresh, migrated one, in one transaction, so a failure leaves the target as it was.
 */
import pg from 'pg';
import type { PgliteSource } from '../runtime/postgres/pglite-source';
import type { Pool, PoolClient } from './pool';

export type ImportReport = {
  tables: Array<{ table: string; rows: number }>;
  sequences: Array<{ name: string; value: number }>;
  /** The fresh database's sign-in tokens, now the source's default member's. */
  tokensKept: number;
};

/** The import would throw something away (`target_not_fresh`) or may not run (`not_superuser`); the target is unchanged. */
export class ImportRefused extends Error {
  override name = 'ImportRefused';
  constructor(
    readonly code: 'target_not_fresh' | 'not_superuser',
    message: string,
  ) {
    super(message);
  }
}

// Not copied: the migrations' own bookkeeping (the target is migrated by migrate()), and the
// rate-limit counters, which only matter for the minute they count, and the outbox: its rows are
// ordered by the writing database's transaction ids, which mean nothing in the target (a copied
// cursor past the target's ids would skip every event written after the import). The activity log
// keeps the record; what the source had not handed on when it stopped is not sent again.
const NOT_COPIED = new Set(['schema_migrations', 'rate_limits', 'outbox_events', 'outbox_cursors']);

// What a fresh Cast writes by itself: the default workspace, member and sign-in token of its
// first start, a browser's sign-in, the health roll-up's first rows, and the deployment its first
// migrate made. The source's rows replace them (the source's deployment, made when the import
// migrated it, places every copied decision before it: their workflows keep their ids). A row in any other table was made by someone using the target, so the import refuses.
const STARTUP_TABLES = new Set([
  'workspaces',
  'members',
  'api_tokens',
  'web_sessions',
  'workspace_settings',
  'health_snapshots',
  'health_band_transitions',
  'decision_rollups',
  'deployment',
]);

// Rows go to the target in statements of at most this much JSON.
const BATCH_BYTES = 4 * 1024 * 1024;

export async function importRows(pool: Pool, source: PgliteSource): Promise<ImportReport> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await withoutForeignKeyChecks(client);
    const tables = await copiedTables(client, source);
    const list = [...tables.keys()].map((table) => pg.escapeIdentifier(table)).join(', ');
    // Nothing else writes while the target is checked, emptied and filled.
    await client.query(`lock table ${list} in exclusive mode`);
    await refuseUnlessFresh(client, [...tables.keys()]);
    const startupTokens = await defaultMemberTokens(client);
    // The target's own outbox rows name the start-up workspace the source's replaces; its cursors
    // stay (they count in the target's transaction ids, which go on).
    await client.query(`truncate ${list}, outbox_events`);

    const report: ImportReport = { tables: [], sequences: [], tokensKept: 0 };
    for (const [table, columns] of tables) {
      report.tables.push({ table, rows: await copyTable(client, source, table, columns) });
    }
    report.sequences = await advanceSequences(client, source);
    // Every copied decision and stack was filed before workflow ids carried a deployment: its
    // workflow runs under its bare id, so this deployment's own ids begin after the last of them.
    await client.query(
      `update deployment set
         decisions_from = greatest(decisions_from, (select coalesce(max(number), 0) + 1 from decisions)),
         stacks_from = greatest(stacks_from, (select coalesce(max(number), 0) + 1 from stacks))`,
    );
    report.tokensKept = await keepTokens(client, startupTokens);
    // A source from before members had roles: its default member owns the workspace (migration 0016).
    await client.query(`update members set role = 'owner' where is_default and role <> 'owner'`);
    await client.query('commit');
    return report;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The rows come from a database that held the same constraints, so checking each foreign key
 * again only costs time; ordering tables by their foreign keys instead would still need a
 * second pass for a table that references itself (a run's `restarted_from`). Replica mode
 * needs a superuser: the embedded server's user is one; for another DATABASE_URL, an import
 * is a one-off an administrator runs, so the message asks for such a URL.
 */
async function withoutForeignKeyChecks(client: PoolClient): Promise<void> {
  const { rows } = await client.query<{ user: string }>('select current_user as user');
  try {
    await client.query('set local session_replication_role = replica');
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error;
    throw new ImportRefused(
      'not_superuser',
      `The import copies rows with foreign-key checks off (session_replication_role = replica), which needs a superuser, ` +
        `and DATABASE_URL signs in as ${rows[0]?.user ?? 'a role'} who is not one. Run it once with a superuser's URL for the same database.`,
    );
  }
}

/** The tables to copy with the columns to write (those the source has; generated ones are the target's to compute). */
async function copiedTables(client: PoolClient, source: PgliteSource): Promise<Map<string, Column[]>> {
  const target = await targetTables(client);
  const from = await source.tables();
  const copied = new Map<string, Column[]>();
  for (const [table, columns] of target) {
    if (NOT_COPIED.has(table)) continue;
    const sourceColumns = from.get(table);
    if (!sourceColumns) throw new Error(`The PGlite database has no table ${table}, which this Cast's migrations create.`);
    const extra = sourceColumns.filter((name) => !columns.some((column) => column.name === name));
    if (extra.length) throw new Error(`The PGlite database's ${table} has columns this Cast's schema lacks: ${extra.join(', ')}.`);
    copied.set(
      table,
      columns.filter((column) => !column.generated && sourceColumns.includes(column.name)),
    );
  }
  const missing = [...from.keys()].filter((table) => !target.has(table) && !NOT_COPIED.has(table));
  if (missing.length) throw new Error(`The PGlite database has tables this Cast's schema lacks: ${missing.join(', ')}.`);
  return copied;
}

type Column = { name: string; generated: boolean; identityAlways: boolean };

async function targetTables(client: PoolClient): Promise<Map<string, Column[]>> {
  const { rows } = await client.query<{ table: string; columns: Column[] }>(
    `select c.relname as table,
            json_agg(json_build_object('name', a.attname, 'generated', a.attgenerated <> '',
                                       'identityAlways', a.attidentity = 'a') order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      group by c.relname order by c.relname`,
  );
  return new Map(rows.map((row) => [row.table, row.columns]));
}

async function refuseUnlessFresh(client: PoolClient, tables: string[]): Promise<void> {
  const checked = tables.filter((table) => !STARTUP_TABLES.has(table));
  if (checked.length === 0) return;
  const { rows } = await client.query<Record<string, number>>(
    `select ${checked.map((table) => `(select count(*) from ${pg.escapeIdentifier(table)})::int as ${pg.escapeIdentifier(table)}`).join(', ')}`,
  );
  const held = Object.entries(rows[0] ?? {}).filter(([, count]) => count > 0);
  if (held.length === 0) return;
  const decisions = rows[0]?.decisions ?? 0;
  const what = held.map(([table, count]) => `${table}: ${count}`).join(', ');
  throw new ImportRefused(
    'target_not_fresh',
    decisions > 0
      ? `The target database already holds ${decisions} decision${decisions === 1 ? '' : 's'} (${what}); the import is for a fresh database.`
      : `The target database already holds rows a fresh Cast does not write by itself (${what}); the import is for a fresh database.`,
  );
}

type TokenRow = { id: string; token_hash: string; label: string; created_at: string };

/** The fresh database's own sign-in tokens (the one `npm start` printed, CAST_ADMIN_TOKEN's). */
async function defaultMemberTokens(client: PoolClient): Promise<TokenRow[]> {
  const { rows } = await client.query<TokenRow>(
    `select t.id, t.token_hash, t.label, t.created_at::text as created_at
       from api_tokens t join members m on m.id = t.member_id
      where m.is_default and t.revoked_at is null`,
  );
  return rows;
}

async function copyTable(client: PoolClient, source: PgliteSource, table: string, columns: Column[]): Promise<number> {
  const name = pg.escapeIdentifier(table);
  const list = columns.map((column) => pg.escapeIdentifier(column.name)).join(', ');
  const overriding = columns.some((column) => column.identityAlways) ? 'overriding system value' : '';
  // By name, not position: the source's columns may stand in another order (added by a later migration).
  const insert = `insert into ${name} (${list}) ${overriding} select ${list} from json_populate_recordset(null::${name}, $1::json)`;
  let copied = 0;
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    copied += (await client.query(insert, [`[${batch.join(',')}]`])).rowCount ?? 0;
    batch = [];
    bytes = 0;
  };
  for await (const rows of source.rows(table)) {
    for (const row of rows) {
      batch.push(row);
      bytes += row.length;
      if (bytes >= BATCH_BYTES) await flush();
    }
  }
  await flush();
  return copied;
}

/**
 * Each sequence goes on from the higher of the two databases' last values: past every copied
 * row, and past anything the fresh database handed out (a decision number may already name a
 * workflow in Temporal even if its row was never written).
 */
async function advanceSequences(client: PoolClient, source: PgliteSource): Promise<ImportReport['sequences']> {
  const from = await source.sequences();
  const { rows } = await client.query<{ name: string; last: number | null }>(
    `select sequencename as name, last_value as last from pg_sequences where schemaname = 'public' order by sequencename`,
  );
  const set: ImportReport['sequences'] = [];
  for (const { name, last } of rows) {
    const value = Math.max(from.get(name) ?? 0, last ?? 0);
    if (value === 0) continue;
    await client.query('select setval($1::regclass, $2, true)', [`public.${pg.escapeIdentifier(name)}`, value]);
    set.push({ name, value });
  }
  return set;
}

/**
 * The tokens of the fresh database's default member go on working, as the source's default
 * member's: the same person, whose `npm start` printed one of them (kept in
 * `$CAST_DATA_DIR/admin-token`) and may have given it to an agent since.
 */
async function keepTokens(client: PoolClient, tokens: TokenRow[]): Promise<number> {
  if (tokens.length === 0) return 0;
  const { rowCount } = await client.query(
    `insert into api_tokens (id, workspace_id, member_id, token_hash, label, created_at)
     select t.id, m.workspace_id, m.id, t.token_hash, t.label, t.created_at
       from json_populate_recordset(null::api_tokens, $1::json) t,
            (select workspace_id, id from members where is_default order by created_at limit 1) m
     on conflict do nothing`,
    [JSON.stringify(tokens)],
  );
  return rowCount ?? 0;
}
