/**
 * An API replica or a worker as its own process (`bin/api.ts`, `bin/worker.ts` under tsx;
 * production-copy.ts runs the compiled dist/ instead), over a test Cast's database and Temporal
 * task queue: what a deploy signals. Its log (pino JSON) is kept for the test to read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { inject } from 'vitest';
import { freeFixedPort } from '../../runtime/free-port';
import type { TestCast } from './test-cast';

const ROOT = resolve(import.meta.dirname, '../..');

export type ReplicaProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything it logged so far. */
  output(): string;
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>;
  kill(): Promise<void>;
};

const READY = { 'bin/api.ts': 'API listening', 'bin/worker.ts': 'worker polling' };

export async function startReplicaProcess(
  cast: TestCast,
  env: Record<string, string> = {},
  entry: keyof typeof READY = 'bin/api.ts',
): Promise<ReplicaProcess> {
  const port = await freeFixedPort();
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(CAST_|TEMPORAL_)/.test(name)));
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: inject('databaseUrl'),
      TEMPORAL_ADDRESS: cast.temporalAddress,
      TEMPORAL_TASK_QUEUE: cast.taskQueue,
      CAST_RATE_LIMITS: 'off',
      // Replicas share this machine and nothing here scrapes them: no metrics port to collide on.
      CAST_METRICS_PORT: 'off',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const deadline = Date.now() + 60_000;
  while (!output.includes(READY[entry])) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} was not ready within 60 s:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => output,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
