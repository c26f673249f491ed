/**
 * `npm run import-pglite -- <dir>`: brings an earlier Cast's rows, kept in the PGlite directory
 * that `npm start` moved aside (runtime/postgres/pglite-data-dir.ts), into today's database — the server
 * DATABASE_URL names, else the embedded one of $CAST_DATA_DIR — once, while that database
 * holds no decision. The PGlite directory is only read.
 *
 * Exit codes: 0 copied; 1 refused or failed, the target unchanged; 2 not given a PGlite directory.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../runtime/postgres/embedded-postgres';
import { ImportRefused, importRows, type ImportReport } from '../db/import-rows';
import { migrate } from '../db/migrate';
import { moveAsidePgliteDir } from '../runtime/postgres/pglite-data-dir';
import { NotPgliteDir, notPgliteDirReason, openPgliteCopy, type PgliteSource } from '../runtime/postgres/pglite-source';
import { createPool } from '../db/pool';
import { loadEnv } from '../runtime/env';
import { holdDataDir } from './data-dir-lock';

const USAGE = 'Usage: npm run import-pglite -- <the pglite-<time> directory that Cast moved aside>';

const env = loadEnv();
const dataDir = resolve(env.CAST_DATA_DIR);
const pgDir = join(dataDir, 'pg');

function stop(code: number, message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const given = process.argv[2];
if (!given) stop(2, `Which PGlite directory should be imported?\n${USAGE}`);
const sourceDir = resolve(given);
if (!env.DATABASE_URL && sourceDir === pgDir) {
  stop(
    2,
    `${sourceDir} is still where Cast keeps its database. Start Cast once: it moves the PGlite directory aside and names the command to import it from there.`,
  );
}
const notPglite = notPgliteDirReason(sourceDir);
if (notPglite) stop(2, `${notPglite}\n${USAGE}`);

if (!env.DATABASE_URL) {
  mkdirSync(dataDir, { recursive: true });
  try {
    // The same lock `npm start` takes: the import needs the embedded database to itself.
    holdDataDir(dataDir);
  } catch (error) {
    stop(1, `${(error as Error).message}\nNothing was imported.`);
  }
  // An earlier Cast's database still in pg/ would take the new server's place on the next start.
  const moved = moveAsidePgliteDir(pgDir);
  if (moved) process.stderr.write(`${moved}\n`);
}

let source: PgliteSource | undefined;
let embedded: EmbeddedPostgres | undefined;
let code = 0;
try {
  process.stdout.write(`Reading ${sourceDir} (a copy of it; the directory itself is not changed)…\n`);
  source = await openPgliteCopy(sourceDir);
  if (source.migrated.length) process.stdout.write(`Brought its schema up to date (migrations ${source.migrated.join(', ')}).\n`);

  let url = env.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dir: pgDir, ...(env.CAST_PG_PORT ? { port: env.CAST_PG_PORT } : {}) });
    url = embedded.url;
  }
  const pool = createPool(url, 2);
  try {
    await migrate(pool);
    const report = await importRows(pool, source);
    process.stdout.write(
      summary(report, env.DATABASE_URL ? `the database at ${redacted(env.DATABASE_URL)}` : `the embedded database in ${pgDir}`),
    );
  } finally {
    await pool.end();
  }
} catch (error) {
  code = error instanceof NotPgliteDir ? 2 : 1;
  const fresh = env.DATABASE_URL
    ? 'To import, point DATABASE_URL at a new, empty database.'
    : `To import, stop Cast, move ${pgDir} aside (Cast starts a new database there) and run this again.`;
  const message =
    error instanceof NotPgliteDir
      ? `${error.message}\n${USAGE}`
      : error instanceof ImportRefused
        ? `${error.message}\nNothing changed. ${error.code === 'target_not_fresh' ? fresh : ''}`
        : `The import failed: ${(error as Error).message}\nNothing changed.`;
  process.stderr.write(`${message.trimEnd()}\n`);
} finally {
  await source?.close();
  await embedded?.stop();
}
process.exit(code);

function summary(report: ImportReport, target: string): string {
  const copied = report.tables.filter(({ rows }) => rows > 0);
  const empty = report.tables.length - copied.length;
  const width = Math.max(5, ...copied.map(({ table }) => table.length));
  const lines = [
    `Copied into ${target}:`,
    ...copied.map(({ table, rows }) => `  ${table.padEnd(width)}  ${rows}`),
    `  ${'total'.padEnd(width)}  ${copied.reduce((sum, { rows }) => sum + rows, 0)} rows${empty ? ` (${empty} other tables were empty)` : ''}`,
    `Sequences set: ${report.sequences.map(({ name, value }) => `${name} ${value}`).join(', ') || 'none had been used'}.`,
  ];
  if (report.tokensKept) {
    const one = report.tokensKept === 1;
    lines.push(
      `The sign-in token${one ? '' : 's'} of the fresh database's default member (${report.tokensKept}) now sign${one ? 's' : ''} in to the imported workspace.`,
    );
  }
  lines.push(
    '',
    `Next: start Cast (npm start). It prints a sign-in token that works; every token of the earlier Cast works as before.`,
    `${sourceDir} was not changed; delete it once you are satisfied.`,
    '',
  );
  return lines.join('\n');
}

function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
