/**
 * FR-61: reads 60 a minute, writes 30 a minute, Archive all 5 a minute, per member; the next
 * request is a 429 with Retry-After. Two API processes share the counters (Postgres).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FR61_LIMITS } from '../../api/rate-limit';
import { startApi, type RunningApi } from '../../api/server';
import { createLogger } from '../../runtime/logger';
import { expectProblem } from '../support/problem';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;
let second: RunningApi;
beforeAll(async () => {
  cast = await startTestCast({ rateLimits: FR61_LIMITS });
  // A second API process over the same database and Temporal.
  second = await startApi({
    pool: cast.pool,
    logger: createLogger('silent'),
    host: '127.0.0.1',
    port: 0,
    temporal: { address: cast.temporalAddress, namespace: 'default', taskQueue: cast.taskQueue },
  });
});
afterAll(async () => {
  await second?.stop();
  await cast?.stop();
});

/** Alternates between the two API processes. */
function call(member: Member, index: number, method: string, path: string, body?: unknown): Promise<Response> {
  const base = index % 2 === 0 ? cast.url : second.url;
  return fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${member.token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

async function statuses(count: number, send: (index: number) => Promise<Response>): Promise<number[]> {
  const seen: number[] = [];
  for (let index = 0; index < count; index += 1) seen.push((await send(index)).status);
  return seen;
}

describe('rate limits across two API processes (FR-61)', () => {
  it('60 reads a minute, then 429 with Retry-After; another member is unaffected', async () => {
    const member = await cast.newMember();
    const seen = await statuses(60, (index) => call(member, index, 'GET', '/api/v1/decisions'));
    expect(seen.every((status) => status === 200)).toBe(true);
    const refused = await call(member, 1, 'GET', '/api/v1/decisions');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await expectProblem(refused, 429, 'rate_limited')).detail).toMatch(/at most 60 a minute/);
    const other = await cast.newMember();
    expect((await call(other, 0, 'GET', '/api/v1/decisions')).status).toBe(200);
  });

  it('30 writes a minute, counted apart from reads', async () => {
    const member = await cast.newMember();
    const seen = await statuses(30, (index) => call(member, index, 'PUT', `/api/v1/sessions/conv-${index}`, {}));
    expect(seen.every((status) => status === 200 || status === 201)).toBe(true);
    await expectProblem(await call(member, 0, 'PUT', '/api/v1/sessions/conv-31', {}), 429, 'rate_limited');
    // Refused, it changed nothing.
    const rows = await cast.pool.query('select count(*)::int as n from sessions where workspace_id = $1', [member.workspaceId]);
    expect(rows.rows[0].n).toBe(30);
    expect((await call(member, 1, 'GET', '/api/v1/sessions')).status).toBe(200);
  });

  it('Archive all 5 a minute', async () => {
    const member = await cast.newMember();
    const seen = await statuses(5, (index) => call(member, index, 'POST', '/api/v1/decisions/archive-all', {}));
    expect(seen).toEqual([200, 200, 200, 200, 200]);
    await expectProblem(await call(member, 0, 'POST', '/api/v1/decisions/archive-all', {}), 429, 'rate_limited');
  });
});
