/**
 * The worker's own probe port (CAST_PROBE_PORT): `/livez` while the process runs; `/readyz`
 * while its poll loops run, its Temporal connection answers and PostgreSQL answers — and not
 * once the worker stops polling.
 */
import { Client, Connection } from '@temporalio/client';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freeFixedPort, freePort } from '../../runtime/free-port';
import { plainTarget } from '../../runtime/temporal-connection';
import { installTemporalLogging } from '../../runtime/temporal-runtime';
import { openWorkerProbes } from '../../runtime/worker-probes';
import { startWorker } from '../../worker';
import { testPool } from '../support/test-pool';

installTemporalLogging('warn', { handleSignals: true });

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

type Probe = { status: number; body: { ready?: boolean; live?: boolean; checks?: Record<string, { ok: boolean; cause?: string }> } };

async function probe(url: string, path: '/livez' | '/readyz'): Promise<Probe> {
  const response = await fetch(`${url}${path}`);
  return { status: response.status, body: (await response.json()) as Probe['body'] };
}

const READY = { status: 200, body: { ready: true, checks: { worker: { ok: true }, temporal: { ok: true }, database: { ok: true } } } };

describe('the worker’s probe port', () => {
  it('is live and ready while the worker polls, and not ready once it stops', async () => {
    const pool = testPool();
    cleanups.push(() => pool.end());
    const taskQueue = `probes-${randomUUID()}`;
    const worker = await startWorker({
      pool,
      temporal: plainTarget(inject('temporalAddress'), taskQueue),
      workflowBundle: { codePath: inject('workflowBundlePath') },
      sweepEvery: null,
      rollupEvery: null,
      reconcileEvery: null,
    });
    cleanups.push(() => worker.stop());
    const probes = (await openWorkerProbes({ CAST_PROBE_PORT: await freePort(), CAST_PROBE_HOST: '127.0.0.1' }, worker.readiness))!;
    cleanups.push(() => probes.close());

    expect(await probe(probes.url, '/livez')).toEqual({ status: 200, body: { live: true } });
    expect(await probe(probes.url, '/readyz')).toEqual(READY);

    await worker.stop();
    const stopped = await probe(probes.url, '/readyz');
    expect(stopped.status).toBe(503);
    expect(stopped.body.checks!.worker).toEqual({ ok: false, cause: `The worker is stopped, not polling task queue ${taskQueue}.` });
    expect((await probe(probes.url, '/livez')).status).toBe(200);
  });

  it('opens on CAST_PROBE_PORT when bin/worker.ts runs, and closes when SIGTERM stops it', { timeout: 120_000 }, async () => {
    const port = await freeFixedPort();
    const taskQueue = `probes-${randomUUID()}`;
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bin/worker.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: inject('databaseUrl'),
        TEMPORAL_ADDRESS: inject('temporalAddress'),
        TEMPORAL_TASK_QUEUE: taskQueue,
        CAST_PROBE_PORT: String(port),
        CAST_PROBE_HOST: '127.0.0.1',
        // Not the default 9464: any Cast already running on the machine holds that one.
        CAST_METRICS_PORT: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      // The worker made its schedules on the run's Temporal server: leave none behind.
      const connection = await Connection.connect({ address: inject('temporalAddress') });
      const client = new Client({ connection });
      for (const name of ['cast-sweep', 'cast-health', 'cast-reconcile']) {
        await client.schedule
          .getHandle(`${name}/${taskQueue}`)
          .delete()
          .catch(() => {});
      }
      await connection.close();
    });
    const url = `http://127.0.0.1:${port}`;

    await expect
      .poll(() => probe(url, '/readyz').catch(() => ({ status: 0, body: {}, stderr })), { timeout: 100_000, interval: 500 })
      .toEqual(READY);
    expect(await probe(url, '/livez')).toEqual({ status: 200, body: { live: true } });

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(`${url}/livez`)).rejects.toThrow();
  });
});
