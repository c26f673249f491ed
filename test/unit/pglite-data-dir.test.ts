/** An earlier Cast's PGlite directory in `$CAST_DATA_DIR/pg` is moved aside, never deleted. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { moveAsidePgliteDir } from '../../runtime/postgres/pglite-data-dir';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cast-pglite-dir-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('moveAsidePgliteDir', () => {
  it('moves a PGlite directory (PG_VERSION in pg/) beside it, whole, and names the place and the import command', () => {
    const data = dataDir();
    const pg = join(data, 'pg');
    mkdirSync(join(pg, 'base'), { recursive: true });
    writeFileSync(join(pg, 'PG_VERSION'), '18\n');
    writeFileSync(join(pg, 'base', 'rows'), 'every decision');

    const message = moveAsidePgliteDir(pg, new Date('2026-11-30T12:34:56.789Z'));

    const aside = join(data, 'pglite-2026-11-30T12-34-56-789Z');
    expect(existsSync(pg)).toBe(false);
    expect(readFileSync(join(aside, 'base', 'rows'), 'utf8')).toBe('every decision');
    expect(message).toContain(`moved to ${aside}`);
    expect(message).toContain(`npm run import-pglite -- ${aside}`);
  });

  it("leaves today's layout (the server's cluster in pg/data) alone", () => {
    const pg = join(dataDir(), 'pg');
    mkdirSync(join(pg, 'data'), { recursive: true });
    writeFileSync(join(pg, 'data', 'PG_VERSION'), '18\n');

    expect(moveAsidePgliteDir(pg)).toBeNull();
    expect(existsSync(join(pg, 'data', 'PG_VERSION'))).toBe(true);
  });

  it('does nothing when there is no database yet', () => {
    expect(moveAsidePgliteDir(join(dataDir(), 'pg'))).toBeNull();
  });
});
