/**
 * As root the embedded PostgreSQL runs as `postgres`, which must pass through every directory
 * above its data; a data dir under a 0700 home is refused up front, with the way out named.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertReachable } from '../../runtime/postgres/postgres-binaries';

const root = mkdtempSync(join(tmpdir(), 'cast-reach-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
// Not the owner of the temporary directory, in no group of it.
const stranger = { uid: 54_321, gid: 54_321, name: 'postgres' };

describe('the embedded server reaches its data directory', () => {
  it('refuses a data dir under a directory that lets no other user through, naming it and the way out', () => {
    const home = join(root, 'home');
    mkdirSync(join(home, 'project', '.data'), { recursive: true });
    chmodSync(root, 0o755);
    chmodSync(home, 0o700);
    expect(() => assertReachable(join(home, 'project', '.data', 'pg'), stranger)).toThrow(
      new RegExp(`${home} \\(mode 700\\) lets no other user through.*CAST_DATA_DIR`),
    );
  });

  it('accepts one every directory above lets through', () => {
    const open = join(root, 'open');
    mkdirSync(join(open, '.data'), { recursive: true });
    chmodSync(root, 0o755);
    chmodSync(open, 0o711);
    expect(() => assertReachable(join(open, '.data', 'pg'), stranger)).not.toThrow();
  });

  it('checks nothing when Cast does not run as root (the server runs as Cast’s own user)', () => {
    chmodSync(root, 0o700);
    expect(() => assertReachable(join(root, 'x', 'pg'), null)).not.toThrow();
  });
});
