/**
 * The API's probes: `/livez` says only that the process serves; `/readyz` is ready only when
 * PostgreSQL and Temporal answer and a worker polls Cast's task queue, and not while the
 * replica drains, each check on its own line with its cause.
 */
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { RunningApi } from '../../api/server';
import { decisionRoutes } from '../../domain/routes/decisions';
import { freePort } from '../../runtime/free-port';
import { decisionBody } from '../support/fixtures';
import { expectProblem } from '../support/problem';
import { startApiOver, startSecondApi } from '../support/second-api';
import { apiOver, startTestCast, type TestCast } from '../support/test-cast';

type Readyz = { ready: boolean; cause?: string; checks: Record<string, { ok: boolean; cause?: string; pollers?: number }> };

async function probe(url: string, path: '/livez' | '/readyz'): Promise<{ status: number; body: Readyz & { live?: boolean } }> {
  const response = await fetch(`${url}${path}`);
  return { status: response.status, body: (await response.json()) as never };
}

let cast: TestCast;
const others: RunningApi[] = [];

beforeAll(async () => {
  cast = await startTestCast({ worker: false });
});
afterAll(async () => {
  for (const api of others.splice(0)) await api.stop();
  await cast?.stop();
});

/** An API over the given database and Temporal, on Cast's task queue. */
async function apiOverDependencies(databaseUrl: string, temporalAddress: string): Promise<RunningApi> {
  const api = await startApiOver(databaseUrl, temporalAddress, cast.taskQueue);
  others.push(api);
  return api;
}

describe('/livez', () => {
  it('answers 200 while neither the database nor Temporal answers: a liveness probe never restarts a replica for their outage', async () => {
    const api = await apiOverDependencies(`postgres://postgres@127.0.0.1:${await freePort()}/postgres`, `127.0.0.1:${await freePort()}`);
    expect(await probe(api.url, '/livez')).toEqual({ status: 200, body: { live: true } });
    const readyz = await probe(api.url, '/readyz');
    expect(readyz.status).toBe(503);
    expect(readyz.body).toEqual({
      ready: false,
      checks: {
        database: { ok: false, cause: expect.stringMatching(/ECONNREFUSED/) },
        temporal: { ok: false, cause: expect.stringMatching(/^Temporal at 127\.0\.0\.1:\d+ did not answer/) },
        workers: { ok: false, pollers: 0, cause: expect.stringMatching(/Temporal did not say which workers poll/) },
      },
    });
  });
});

describe('/readyz', () => {
  it('is not ready while no worker polls Cast’s task queue, and ready once one does', async () => {
    const idle = await probe(cast.url, '/readyz');
    expect(idle).toEqual({
      status: 503,
      body: {
        ready: false,
        checks: {
          database: { ok: true },
          temporal: { ok: true },
          workers: {
            ok: false,
            pollers: 0,
            cause: expect.stringContaining(`No worker polls task queue ${cast.taskQueue} for workflow or activity tasks`),
          },
        },
      },
    });

    await cast.startWorker();
    await expect
      .poll(() => probe(cast.url, '/readyz'), { timeout: 20_000, interval: 500 })
      .toEqual({
        status: 200,
        body: { ready: true, checks: { database: { ok: true }, temporal: { ok: true }, workers: { ok: true, pollers: 1 } } },
      });
  });

  it('answers 503 "draining" once the drain starts, while a replica that is not draining stays ready', async () => {
    await cast.startWorker();
    const leaving = await startSecondApi(cast);
    others.push(leaving);
    await expect.poll(async () => (await probe(leaving.url, '/readyz')).status, { timeout: 20_000 }).toBe(200);

    leaving.lifecycle.startDraining();
    expect(await probe(leaving.url, '/readyz')).toEqual({
      status: 503,
      body: {
        ready: false,
        cause: 'draining',
        checks: { database: { ok: true }, temporal: { ok: true }, workers: { ok: true, pollers: 1 } },
      },
    });
    expect((await probe(leaving.url, '/livez')).status).toBe(200);
    expect((await probe(cast.url, '/readyz')).status).toBe(200);
  });

  it('names Temporal when it is unreachable, and a write then answers 503 temporal_unavailable with Retry-After', async () => {
    const api = await apiOverDependencies(inject('databaseUrl'), `127.0.0.1:${await freePort()}`);
    const readyz = await probe(api.url, '/readyz');
    expect(readyz.status).toBe(503);
    expect(readyz.body.checks.database).toEqual({ ok: true });
    expect(readyz.body.checks.temporal).toEqual({ ok: false, cause: expect.stringMatching(/did not answer/) });

    const member = await cast.newMember();
    const filed = await apiOver(api.url).request(member.token, 'POST', `/api/v1${decisionRoutes.fileDecision.path}`, decisionBody());
    expect(Number(filed.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectProblem(filed, 503, 'temporal_unavailable');
  });
});
