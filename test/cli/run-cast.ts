/**
 * Runs the real `cast` executable — the compiled CLI in cli/dist, as the package installs it
 * (the global setup builds it when its sources changed) — as a child process against a test
 * Cast, with its own config file, token and session: the way an agent's shell runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const CAST_BIN = resolve(import.meta.dirname, '../../cli/dist/cast.cjs');

export type CastRun = { code: number | null; stdout: string; stderr: string };
export type CastOptions = {
  input?: string;
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Another `cast` executable (an installed package's), run through its shebang with exactly `env` and nothing inherited. */
  bin?: string;
};

/** A shell for one test: a temp directory (the scope), a config path, and the env an agent would have. */
export function castShell(base: { url: string; token: string; session?: string }) {
  const dir = mkdtempSync(join(tmpdir(), 'cast-cli-'));
  const env: Record<string, string | undefined> = {
    CAST_CONFIG: join(dir, 'config.json'),
    CAST_URL: base.url,
    CAST_TOKEN: base.token,
    CAST_SESSION: base.session ?? `cli-test-${randomUUID()}`,
  };
  return {
    dir,
    env,
    session: env.CAST_SESSION!,
    run: (args: string[], options: CastOptions = {}) => runCast(args, { cwd: dir, ...options, env: { ...env, ...options.env } }),
    start: (args: string[], options: CastOptions = {}) => startCast(args, { cwd: dir, ...options, env: { ...env, ...options.env } }),
  };
}

export function startCast(args: string[], options: CastOptions = {}): { child: ChildProcess; done: Promise<CastRun> } {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.bin ? { ...options.env } : { ...process.env, NO_COLOR: '1', ...options.env })) {
    if (value !== undefined) env[key] = value;
  }
  // A host's conversation ids (a test run inside Claude Code or Codex) would pick the session too,
  // and a test run from inside a Claude Code session must not make the hook think it is in `claude -p`.
  for (const key of [
    'CAST_CONFIG',
    'CAST_URL',
    'CAST_TOKEN',
    'CAST_SESSION',
    'CLAUDE_CODE_SESSION_ID',
    'CODEX_THREAD_ID',
    'CLAUDE_CODE_SESSION_ATTENDED',
    'CLAUDE_CODE_ENTRYPOINT',
  ]) {
    if (options.env?.[key] === undefined) delete env[key];
  }
  const [command, commandArgs] = options.bin ? [options.bin, args] : [process.execPath, [CAST_BIN, ...args]];
  const child = spawn(command, commandArgs, { cwd: options.cwd ?? tmpdir(), env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin!.end(options.input ?? '');
  const done = new Promise<CastRun>((resolveRun, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ code, stdout, stderr }));
  });
  return { child, done };
}

export function runCast(args: string[], options: CastOptions = {}): Promise<CastRun> {
  return startCast(args, options).done;
}

/** `--json` output: exactly one JSON object on stdout. */
export function jsonOf<T = Record<string, unknown>>(run: CastRun): T {
  const lines = run.stdout.trim().split('\n');
  if (lines.length !== 1) throw new Error(`expected one line of JSON on stdout, got:\n${run.stdout}\nstderr:\n${run.stderr}`);
  return JSON.parse(lines[0]!) as T;
}
