/**
 * FR-61: reads 60 a minute, writes 30 a minute, Archive all 5 a minute, per person and per agent token; the next
 * request is a 429 with Retry-After. Two API processes share the counters (Postgres). When
 * the counter store fails, writes and Archive all are refused (503), never let through.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FR61_LIMITS } from '../../api/rate-limit';
import { startApi, type RunningApi } from '../../api/server';
import { createPool, type Pool } from '../../db/pool';
import { decisionBody } from '../support/fixtures';
import { agentTokenOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { startSecondApi } from '../support/second-api';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';
import { plainTarget } from '../../runtime/temporal-connection';

let cast: TestCast;
let second: RunningApi;
beforeAll(async () => {
  cast = await startTestCast({ rateLimits: FR61_LIMITS });
  // A second API process over the same database and Temporal.
  second = await startSecondApi(cast);
});
afterAll(async () => {
  await second?.stop();
  await cast?.stop();
});

/** Alternates between the two API processes. */
function call(member: Pick<Member, 'token'>, index: number, method: string, path: string, body?: unknown): Promise<Response> {
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

  it("counts an agent token apart from its person: a busy agent cannot spend its owner's reads", async () => {
    const owner = await cast.newMember();
    const agent = await agentTokenOf(cast.pool, owner, 'Busy agent');
    const seen = await statuses(60, (index) => call(agent, index, 'GET', '/api/v1/decisions'));
    expect(seen.every((status) => status === 200)).toBe(true);
    await expectProblem(await call(agent, 1, 'GET', '/api/v1/decisions'), 429, 'rate_limited');
    expect((await call(owner, 0, 'GET', '/api/v1/decisions')).status).toBe(200);
    // A second token of the same agent has its own count too.
    const other = await agentTokenOf(cast.pool, owner, 'Second busy agent');
    expect((await call(other, 1, 'GET', '/api/v1/decisions')).status).toBe(200);
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

describe("FR-61 over time: the counters outlive the pool's idle connections", () => {
  it("FR-61 — idles past the pool's idle timeout and still gets the 429 at the 61st read", async () => {
    const member = await cast.newMember();
    const before = await statuses(30, (index) => call(member, index, 'GET', '/api/v1/decisions'));
    expect(before.every((status) => status === 200)).toBe(true);

    // Idle longer than the pool keeps an unused connection (pg's default, 10 s): every
    // connection the counters were read through is closed, so the next reads open new ones.
    const idleTimeout = cast.pool.options.idleTimeoutMillis ?? 0;
    expect(idleTimeout).toBeGreaterThan(0);
    const idleFrom = Date.now();
    await sleep(idleTimeout + 500);
    await expect.poll(() => cast.pool.totalCount).toBe(0);
    expect(Date.now() - idleFrom).toBeGreaterThan(idleTimeout);

    const after = await statuses(30, (index) => call(member, index, 'GET', '/api/v1/decisions'));
    expect(after.every((status) => status === 200)).toBe(true);
    const refused = await call(member, 0, 'GET', '/api/v1/decisions');
    expect((await expectProblem(refused, 429, 'rate_limited')).detail).toMatch(/at most 60 a minute/);
  });
});

/**
 * A store that really fails: a third API process whose pool connects as a Postgres role that
 * may use every table but `rate_limits`, so each consume fails with "permission denied" while
 * the rest of the database answers. The role is this file's own and is dropped after it.
 */
describe('FR-61 when the counter store fails', () => {
  const role = `cast_no_rate_limits_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let brokenPool: Pool;
  let broken: RunningApi;
  const logged: Array<{ level: number; msg: string; bucket?: string; err?: { message: string } }> = [];

  beforeAll(async () => {
    const password = randomUUID();
    await cast.pool.query(`create role ${role} login password '${password}'`);
    await cast.pool.query(`grant usage on schema public to ${role}`);
    await cast.pool.query(`grant select, insert, update, delete on all tables in schema public to ${role}`);
    await cast.pool.query(`grant usage, select on all sequences in schema public to ${role}`);
    await cast.pool.query(`revoke all on rate_limits from ${role}`);
    const url = new URL(inject('databaseUrl'));
    url.username = role;
    url.password = password;
    brokenPool = createPool(url.toString(), 4);
    broken = await startApi({
      checkResponses: true,
      pool: brokenPool,
      logger: pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) }),
      host: '127.0.0.1',
      port: 0,
      temporal: plainTarget(cast.temporalAddress, cast.taskQueue),
    });
  });
  afterAll(async () => {
    await broken?.stop();
    await brokenPool?.end();
    // `drop owned` revokes its grants; it fails only when the role was never created.
    await cast.pool.query(`drop owned by ${role}`).catch(() => {});
    await cast.pool.query(`drop role if exists ${role}`);
  });

  const send = (member: Member, method: string, path: string, body?: unknown) =>
    fetch(`${broken.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${member.token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  type Healthz = { ok: boolean; degraded?: string[]; rateLimits?: { state: string; error: string; at: string; since: string } };
  const healthz = async () => {
    const response = await fetch(`${broken.url}/healthz`);
    return { status: response.status, body: (await response.json()) as Healthz };
  };
  const count = async (table: 'sessions' | 'decisions', workspaceId: string) =>
    (await cast.pool.query<{ n: number }>(`select count(*)::int as n from ${table} where workspace_id = $1`, [workspaceId])).rows[0]!.n;

  /** The store failures logged since the last call, as level, bucket and cause. */
  const storeFailuresLogged = () =>
    logged
      .splice(0)
      .filter((entry) => /rate limit store unavailable/.test(entry.msg))
      .map((entry) => ({ level: entry.level, bucket: entry.bucket, cause: entry.err?.message }));
  const PERMISSION_DENIED = expect.stringMatching(/permission denied for table rate_limits/);

  it('FR-61 — a write is refused with 503 rate_limit_unavailable, writes nothing, and is logged as an error with its cause', async () => {
    expect(await healthz()).toEqual({ status: 200, body: { ok: true } });
    const member = await cast.newMember();

    const session = await send(member, 'PUT', '/api/v1/sessions/conv-1', {});
    expect(Number(session.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await expectProblem(session, 503, 'rate_limit_unavailable')).detail).toMatch(/nothing was changed/);
    const filed = await send(member, 'POST', '/api/v1/decisions', decisionBody());
    await expectProblem(filed, 503, 'rate_limit_unavailable');

    expect(await count('sessions', member.workspaceId)).toBe(0);
    expect(await count('decisions', member.workspaceId)).toBe(0);
    // pino's level 50 is error.
    expect(storeFailuresLogged()).toEqual([
      { level: 50, bucket: 'write', cause: PERMISSION_DENIED },
      { level: 50, bucket: 'write', cause: PERMISSION_DENIED },
    ]);
  });

  it('FR-61 — Archive all is refused with 503 rate_limit_unavailable and archives nothing; a read is still served, and logged', async () => {
    const member = await cast.newMember();
    const filed = await cast.request(member.token, 'POST', '/api/v1/decisions', decisionBody());
    expect(filed.status).toBe(201);
    const { decision } = (await filed.json()) as { decision: { id: string } };
    await expect.poll(() => count('decisions', member.workspaceId)).toBe(1);

    const archive = await send(member, 'POST', '/api/v1/decisions/archive-all', {});
    expect((await expectProblem(archive, 503, 'rate_limit_unavailable')).detail).toMatch(/Archive all/);
    const rows = await cast.pool.query<{ status: string }>('select status from decisions where id = $1', [decision.id]);
    expect(rows.rows).toEqual([{ status: 'open' }]);

    // A read changes nothing, so it is served, without its limit.
    const read = await send(member, 'GET', '/api/v1/decisions');
    expect(read.status).toBe(200);
    const queue = (await read.json()) as { decisions: Array<{ id: string; status: string }> };
    expect(queue.decisions.map(({ id, status }) => ({ id, status }))).toEqual([{ id: decision.id, status: 'open' }]);
    expect(storeFailuresLogged()).toEqual([
      { level: 50, bucket: 'archiveAll', cause: PERMISSION_DENIED },
      { level: 50, bucket: 'read', cause: PERMISSION_DENIED },
    ]);
  });

  it('FR-61 — /healthz reports the store unavailable (200, degraded), and ok again after the next successful consume', async () => {
    const member = await cast.newMember();
    expect((await send(member, 'GET', '/api/v1/decisions')).status).toBe(200);
    const failing = await healthz();
    expect(failing).toEqual({
      status: 200,
      body: {
        ok: true,
        degraded: ['rateLimits'],
        rateLimits: { state: 'unavailable', error: PERMISSION_DENIED, at: expect.any(String), since: expect.any(String) },
      },
    });
    expect(Date.parse(failing.body.rateLimits!.since)).toBeLessThanOrEqual(Date.parse(failing.body.rateLimits!.at));

    // The store comes back: the next request is counted, and writes go through again.
    await cast.pool.query(`grant select, insert, update, delete on rate_limits to ${role}`);
    expect((await send(member, 'GET', '/api/v1/decisions')).status).toBe(200);
    expect(await healthz()).toEqual({ status: 200, body: { ok: true } });
    expect([200, 201]).toContain((await send(member, 'PUT', '/api/v1/sessions/conv-1', {})).status);
    expect(await count('sessions', member.workspaceId)).toBe(1);
  });
});
