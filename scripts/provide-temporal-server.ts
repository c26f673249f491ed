/**
 * Provides the open-source Temporal server — the production engine, not the dev server —
 * and its SQL schema tool, built from the Go module proxy (DESIGN §5):
 *   GOTOOLCHAIN=go1.27.3 CGO_ENABLED=0 go install -ldflags "-s -w"
 *     go.temporal.io/server/cmd/server@v1.32.2 go.temporal.io/server/cmd/tools/sql@v1.32.2
 * with the module's `schema/` and `config/` directories beside them, so nothing later reads
 * the Go module cache. Everything is cached by version in the user's cache directory (a
 * fresh clone on the same machine reuses it; a cold build takes about 8 minutes on 2 cores)
 * and the binaries are linked into the clone's git-ignored `.tools/bin/`.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alive } from '../runtime/postgres/postmaster';
import { loadEnv, type Env } from '../runtime/env';
import { isMain } from '../runtime/is-main';

export const TEMPORAL_SERVER_VERSION = '1.32.2';
// The server module needs Go >= 1.26.10; the go command fetches this toolchain from the proxy.
const GO_TOOLCHAIN = 'go1.27.3';
const MODULE = 'go.temporal.io/server';
const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const TOOLS_BIN = join(ROOT, '.tools', 'bin');
const SERVER = 'temporal-server';
const SQL_TOOL = 'temporal-sql-tool';

export type TemporalServerFiles = {
  /** The server binary (`temporal-server --config-file <file> start --service <name>`). */
  server: string;
  /** `temporal-sql-tool`: creates the databases and applies the versioned schema. */
  sqlTool: string;
  /** The module's `schema/` directory: `<schemaDir>/postgresql/v12/{temporal,visibility}/versioned`. */
  schemaDir: string;
  /** The module's `config/` directory (sample configs, dynamic config) for reference. */
  configDir: string;
};

export function temporalServerCacheDir(cacheHome: string | undefined): string {
  return join(cacheHome ?? join(homedir(), '.cache'), 'cast', `temporal-server-${TEMPORAL_SERVER_VERSION}`);
}

function log(message: string): void {
  process.stderr.write(`[temporal-server] ${message}\n`);
}

function filesIn(dir: string): TemporalServerFiles {
  return { server: join(dir, SERVER), sqlTool: join(dir, SQL_TOOL), schemaDir: join(dir, 'schema'), configDir: join(dir, 'config') };
}

/** Both binaries run and report the pinned version, and the schema is there. */
function works(files: TemporalServerFiles): boolean {
  try {
    for (const binary of [files.server, files.sqlTool]) {
      const output = execFileSync(binary, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 30_000 });
      if (!output.includes(TEMPORAL_SERVER_VERSION)) return false;
    }
    return existsSync(join(files.schemaDir, 'postgresql', 'v12', 'temporal', 'versioned'));
  } catch {
    return false;
  }
}

/** Builds both binaries into `stage` and copies the module's schema and config beside them. */
async function build(stage: string): Promise<void> {
  const gobin = join(stage, 'gobin');
  mkdirSync(gobin, { recursive: true });
  await go(
    [
      'install',
      '-ldflags',
      '-s -w',
      `${MODULE}/cmd/server@v${TEMPORAL_SERVER_VERSION}`,
      `${MODULE}/cmd/tools/sql@v${TEMPORAL_SERVER_VERSION}`,
    ],
    gobin,
  );
  renameSync(join(gobin, 'server'), join(stage, SERVER));
  renameSync(join(gobin, 'sql'), join(stage, SQL_TOOL));
  rmSync(gobin, { recursive: true, force: true });
  copyModuleFiles(await moduleDir(stage), stage);
}

/** Where the go command keeps the module's source (downloaded by the build just before). */
async function moduleDir(scratch: string): Promise<string> {
  const output = await go(['mod', 'download', '-json', `${MODULE}@v${TEMPORAL_SERVER_VERSION}`], scratch);
  const { Dir } = JSON.parse(output) as { Dir?: string };
  if (!Dir || !existsSync(join(Dir, 'schema')))
    throw new Error(`go mod download found no source for ${MODULE}@v${TEMPORAL_SERVER_VERSION}`);
  return Dir;
}

/**
 * Runs the go command without blocking this process (a test hook waits on a cold build for
 * minutes), its progress on stderr; resolves with its stdout.
 */
function go(args: string[], dir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // The child inherits this process's environment (Go's own settings such as GOPROXY) plus these.
    const env = { ...process.env, GOTOOLCHAIN: GO_TOOLCHAIN, CGO_ENABLED: '0', GOBIN: dir };
    const child = spawn('go', args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.once('error', (error) => reject(new Error(`cannot run go (${error.message}); install Go 1.21 or newer`)));
    child.once('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`go ${args.join(' ')} failed (exit ${code})`))));
  });
}

function copyModuleFiles(source: string, stage: string): void {
  for (const dir of ['schema', 'config']) {
    cpSync(join(source, dir), join(stage, dir), { recursive: true });
    // The module cache is read-only; the copies must stay removable and replaceable.
    makeWritable(join(stage, dir));
  }
}

function makeWritable(path: string): void {
  const mode = statSync(path).mode;
  chmodSync(path, mode | 0o200);
  if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) makeWritable(join(path, entry));
}

/**
 * Moves a complete staging directory into place as the cache, so another process never sees a
 * half-built one; a cache that another process completed meanwhile is kept.
 */
function install(stage: string, dir: string): void {
  const stale = `${dir}.stale-${process.pid}`;
  if (existsSync(dir)) renameSync(dir, stale);
  try {
    renameSync(stage, dir);
  } catch (error) {
    if (!works(filesIn(dir))) throw error;
  }
  rmSync(stale, { recursive: true, force: true });
}

/** Links the binaries into `.tools/bin/` (links, not copies: the server is 120+ MB). */
function linkIntoClone(files: TemporalServerFiles): TemporalServerFiles {
  mkdirSync(TOOLS_BIN, { recursive: true });
  for (const [name, target] of [
    [SERVER, files.server],
    [SQL_TOOL, files.sqlTool],
  ] as const) {
    // Link under a private name, then rename over: two test files providing at once never collide.
    const link = join(TOOLS_BIN, `.${name}-${process.pid}`);
    rmSync(link, { force: true });
    symlinkSync(target, link);
    renameSync(link, join(TOOLS_BIN, name));
  }
  return { ...files, server: join(TOOLS_BIN, SERVER), sqlTool: join(TOOLS_BIN, SQL_TOOL) };
}

/**
 * Returns the pinned Temporal server, its SQL tool and its schema: from the cache when it
 * holds a working copy, else built with `go install` first (minutes).
 */
export async function provideTemporalServer(env: Pick<Env, 'XDG_CACHE_HOME'> = loadEnv()): Promise<TemporalServerFiles> {
  const dir = temporalServerCacheDir(env.XDG_CACHE_HOME);
  const cached = filesIn(dir);
  if (works(cached)) return linkIntoClone(cached);
  mkdirSync(join(dir, '..'), { recursive: true });
  // One build at a time: CI starts it in the background while the rest of the suite runs, and
  // the cluster tests wait for that build instead of starting a second one beside it.
  const release = await buildLock(dir);
  try {
    if (!works(cached)) {
      const stage = mkdtempSync(`${dir}.build-`);
      // mkdtemp makes it private; as the cache it is an ordinary directory.
      chmodSync(stage, 0o755);
      try {
        log(`building Temporal server v${TEMPORAL_SERVER_VERSION} with go install (${GO_TOOLCHAIN}; about 8 minutes cold)…`);
        await build(stage);
        if (!works(filesIn(stage))) throw new Error(`the build in ${stage} did not produce working binaries`);
        install(stage, dir);
      } finally {
        rmSync(stage, { recursive: true, force: true });
      }
      log(`cached in ${dir}`);
    }
  } finally {
    release();
  }
  return linkIntoClone(cached);
}

/** Holds `<dir>.lock` (its holder's pid inside); waits while a live process holds it. */
async function buildLock(dir: string): Promise<() => void> {
  const lock = `${dir}.lock`;
  let waited = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSafe(join(lock, 'pid')));
    if (holder && !alive(holder)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (!waited) log(`waiting for the build under way (process ${holder || '?'})…`);
    waited = true;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * `--background`: starts the provision in a detached process (one core for Go, so the suite
 * beside it keeps the other) and returns at once; its log goes to `.tools/temporal-server-build.log`.
 */
function provideInBackground(): void {
  mkdirSync(join(ROOT, '.tools'), { recursive: true });
  const log = openSync(join(ROOT, '.tools', 'temporal-server-build.log'), 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...process.env, GOFLAGS: [process.env.GOFLAGS, '-p=1'].filter(Boolean).join(' ') },
  });
  child.unref();
  closeSync(log);
  process.stderr.write(`[temporal-server] providing in the background (process ${child.pid}); log in .tools/temporal-server-build.log\n`);
}

if (isMain(import.meta.url) && process.argv.includes('--background')) {
  provideInBackground();
} else if (isMain(import.meta.url)) {
  const files = await provideTemporalServer();
  const version = execFileSync(files.server, ['--version'], { encoding: 'utf8' });
  process.stdout.write(`${files.server}\n${files.sqlTool}\n${files.schemaDir}\n${version}`);
}
