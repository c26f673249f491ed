/**
 * Before Cast ran a PostgreSQL server by default it kept PGlite's files directly in
 * `$CAST_DATA_DIR/pg` (today's server keeps its cluster in `pg/data`). Such a directory is
 * moved aside, never deleted and never silently ignored, and the person is told where it
 * went and how to bring its rows across.
 */
import { existsSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Moves a PGlite directory at `pgDir` aside; returns the message to show, or null. */
export function moveAsidePgliteDir(pgDir: string, now = new Date()): string | null {
  if (!existsSync(join(pgDir, 'PG_VERSION'))) return null;
  const aside = join(dirname(pgDir), `pglite-${now.toISOString().replace(/[:.]/g, '-')}`);
  renameSync(pgDir, aside);
  return (
    `The database in ${pgDir} was written by an earlier Cast (embedded PGlite), which Cast no longer runs. ` +
    `It is untouched, moved to ${aside}, and Cast starts on a new PostgreSQL database. ` +
    `To bring its rows across, stop Cast and run: npm run import-pglite -- ${aside}`
  );
}
