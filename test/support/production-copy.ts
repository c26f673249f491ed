/**
 * Cast as production runs it: `npm run build` into a temporary copy holding only the artifact
 * (dist/, ui/dist/, the package files), `npm ci --omit=dev` there, and its processes started
 * as `node dist/<process>.js` with nothing but the environment they are given.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

export type ProductionCopy = { dir: string; remove(): void };

/**
 * Builds into a fresh directory and installs the production dependencies there. The copy holds
 * no TypeScript source at all (no workflows/, bin/, api/…), so a process that tried to compile or
 * bundle anything at run time would fail here.
 */
export async function productionCopy(): Promise<ProductionCopy> {
  const dir = mkdtempSync(join(tmpdir(), 'cast-production-'));
  await run(process.execPath, ['scripts/build.mjs', '--out', join(dir, 'dist')], { cwd: ROOT, maxBuffer: 16 << 20 });
  for (const file of ['package.json', 'package-lock.json', 'cli/package.json', 'agents/package.json', 'scripts/ensure-deps.mjs']) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    cpSync(join(ROOT, file), join(dir, file));
  }
  cpSync(join(ROOT, 'ui/dist'), join(dir, 'ui/dist'), { recursive: true });
  await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: dir, maxBuffer: 16 << 20, timeout: 300_000 });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export type CastProcess = {
  child: ChildProcess;
  output(): string;
  /** The exit code once it has exited. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** `node dist/<name>.js args…` with exactly `env` (and PATH), as a supervisor would start it. */
export function startProcess(
  copy: ProductionCopy,
  name: 'api' | 'worker' | 'migrate' | 'admin',
  env: Record<string, string>,
  args: string[] = [],
): CastProcess {
  const child = spawn(process.execPath, [join(copy.dir, 'dist', `${name}.js`), ...args], {
    cwd: copy.dir,
    // No metrics port unless a test asks: two processes on one machine would both take 9464, and a
    // free port picked for the core's exporter could be the one the test just picked for the API.
    env: { PATH: process.env.PATH ?? '', HOME: copy.dir, LOG_LEVEL: 'warn', CAST_METRICS_PORT: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  return {
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      return child.exitCode;
    },
  };
}

/** Runs a process to its end: its exit code and everything it printed. */
export async function runProcess(
  copy: ProductionCopy,
  name: 'migrate' | 'admin' | 'api' | 'worker',
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  const started = startProcess(copy, name, env, args);
  const timer = setTimeout(() => started.child.kill('SIGKILL'), 60_000);
  const code = await started.exited;
  clearTimeout(timer);
  return { code, output: started.output() };
}
