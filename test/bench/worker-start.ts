/**
 * A worker process from spawn to polling, and its memory once polling: the compiled build
 * (`node dist/worker.js`, the workflows prebundled) in turn with development's `tsx bin/worker.ts`
 * (TypeScript compiled on load, the workflows webpacked at every start).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { summarize, type Summary } from './stats';

const ROOT = resolve(import.meta.dirname, '../..');

export type WorkerStart = { ms: Summary; rssMb: Summary; peakMb: Summary };

/** VmRSS and VmHWM (peak) of a process, in MB. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

async function startOnce(command: string[], cwd: string, env: Record<string, string>): Promise<{ ms: number; rssMb: number; peakMb: number }> {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd,
    // A free metrics port: the cluster bench's own worker runs beside it.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, CAST_METRICS_PORT: '0', ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const polling = new Promise<number>((resolvePolling, reject) => {
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"worker polling"')) resolvePolling(performance.now());
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.once('exit', (code) => reject(new Error(`the worker exited with ${code} before polling:\n${output.slice(-2000)}`)));
  });
  try {
    const at = await polling;
    // Settled: the first polls answered, the start-up garbage collected or not, as it would be.
    await new Promise((resolveWait) => setTimeout(resolveWait, 3000));
    return { ms: at - started, ...memoryOf(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolveExit) => (child.exitCode === null ? child.once('exit', resolveExit) : resolveExit(null)));
  }
}

/** `runs` starts of each, in turn; `distDir` holds the build (`dist/worker.js`, `dist/workflow-bundle.js`). */
export async function workerStarts(distDir: string, env: Record<string, string>, runs: number): Promise<{ built: WorkerStart; tsx: WorkerStart }> {
  const built: Array<{ ms: number; rssMb: number; peakMb: number }> = [];
  const tsx: typeof built = [];
  for (let index = 0; index < runs; index += 1) {
    built.push(await startOnce([process.execPath, join(distDir, 'worker.js')], join(distDir, '..'), env));
    tsx.push(await startOnce([process.execPath, '--import', 'tsx', join(ROOT, 'bin/worker.ts')], ROOT, env));
  }
  const figures = (samples: typeof built): WorkerStart => ({
    ms: summarize(samples.map((sample) => sample.ms)),
    rssMb: summarize(samples.map((sample) => sample.rssMb)),
    peakMb: summarize(samples.map((sample) => sample.peakMb)),
  });
  return { built: figures(built), tsx: figures(tsx) };
}
