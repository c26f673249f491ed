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
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { decisionBody } from '../support/fixtures';
import { agentTokenOf } from '../support/members';
import { expectProblem, outcomeOf } from '../support/problem';
import { startSecondApi } from '../support/second-api';
import { apiOver, startTestCast, type Member, type TestCast } from '../support/test-cast';
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
const via = (index: number) => (index % 2 === 0 ? cast : apiOver(second.url));
const readQueue = (member: Pick<Member, 'token'>, index: number) => via(index).reply(member.token, decisionRoutes.listQueue);
const putSession = (member: Pick<Member, 'token'>, index: number, id: string) =>
  via(index).reply(member.token, sessionRoutes.putSession, { params: { id }, body: {} });
const archiveAll = (member: Pick<Member, 'token'>, index: number) =>
  via(index).reply(member.token, decisionRoutes.archiveAll, { body: {} });

async function statuses(count: number, send: (index: number) => Promise<{ status: number }>): Promise<number[]> {
  const seen: number[] = [];
  for (let index = 0; index < count; index += 1) seen.push((await outcomeOf(send(index))).status);
  return seen;
}

describe('rate limits across two API processes (FR-61)', () => {
  it('60 reads a minute, then 429 with Retry-After; another member is unaffected', async () => {
    const member = await cast.newMember();
    const seen = await statuses(60, (index) => readQueue(member, index));
    expect(seen.every((status) => status === 200)).toBe(true);
    // Raw: the Retry-After header is what is under test.
    const refused = await via(1).request(member.token, 'GET', '/api/v1/decisions');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await expectProblem(refused, 429, 'rate_limited')).detail).toMatch(/at most 60 a minute/);
    const other = await cast.newMember();
    await readQueue(other, 0);
  });

  it("counts an agent token apart from its person: a busy agent cannot spend its owner's reads", async () => {
    const owner = await cast.newMember();
    const agent = await agentTokenOf(cast.pool, owner, 'Busy agent');
    const seen = await statuses(60, (index) => readQueue(agent, index));
    expect(seen.every((status) => status === 200)).toBe(true);
    await expectProblem(readQueue(agent, 1), 429, 'rate_limited');
    await readQueue(owner, 0);
    // A second token of the same agent has its own count too.
    const other = await agentTokenOf(cast.pool, owner, 'Second busy agent');
    await readQueue(other, 1);
  });

  it('30 writes a minute, counted apart from reads', async () => {
    const member = await cast.newMember();
    const seen = await statuses(30, (index) => putSession(member, index, `conv-${index}`));
    expect(seen.every((status) => status === 200 || status === 201)).toBe(true);
    await expectProblem(putSession(member, 0, 'conv-31'), 429, 'rate_limited');
    // Refused, it changed nothing.
    const rows = await cast.pool.query('select count(*)::int as n from sessions where workspace_id = $1', [member.workspaceId]);
    expect(rows.rows[0].n).toBe(30);
    await via(1).send(member.token, sessionRoutes.listSessions);
  });

  it('Archive all 5 a minute', async () => {
    const member = await cast.newMember();
    const seen = await statuses(5, (index) => archiveAll(member, index));
    expect(seen).toEqual([200, 200, 200, 200, 200]);
    await expectProblem(archiveAll(member, 0), 429, 'rate_limited');
  });
});

describe("FR-61 over time: the counters outlive the pool's idle connections", () => {
  it("FR-61 — idles past the pool's idle timeout and still gets the 429 at the 61st read", async () => {
    const member = await cast.newMember();
    const before = await statuses(30, (index) => readQueue(member, index));
    expect(before.every((status) => status === 200)).toBe(true);

    // Idle longer than the pool keeps an unused connection (pg's default, 10 s): every
    // connection the counters were read through is closed, so the next reads open new ones.
    const idleTimeout = cast.pool.options.idleTimeoutMillis ?? 0;
    expect(idleTimeout).toBeGreaterThan(0);
    const idleFrom = Date.now();
    await sleep(idleTimeout + 500);
    await expect.poll(() => cast.pool.totalCount).toBe(0);
    expect(Date.now() - idleFrom).toBeGreaterThan(idleTimeout);

    const after = await statuses(30, (index) => readQueue(member, index));
    expect(after.every((status) => status === 200)).toBe(true);
    expect((await expectProblem(readQueue(member, 0), 429, 'rate_limited')).detail).toMatch(/at most 60 a minute/);
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

  const api = () => apiOver(broken.url);
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

    // Raw: the Retry-After header is what is under test.
    const session = await api().request(member.token, 'PUT', '/api/v1/sessions/conv-1', {});
    expect(Number(session.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await expectProblem(session, 503, 'rate_limit_unavailable')).detail).toMatch(/nothing was changed/);
    const filed = api().send(member.token, decisionRoutes.fileDecision, { body: decisionBody() });
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
    const filed = await cast.reply(member.token, decisionRoutes.fileDecision, { body: decisionBody() });
    expect(filed.status).toBe(201);
    const { decision } = filed.body;
    await expect.poll(() => count('decisions', member.workspaceId)).toBe(1);

    const archive = api().send(member.token, decisionRoutes.archiveAll, { body: {} });
    expect((await expectProblem(archive, 503, 'rate_limit_unavailable')).detail).toMatch(/Archive all/);
    const rows = await cast.pool.query<{ status: string }>('select status from decisions where id = $1', [decision.id]);
    expect(rows.rows).toEqual([{ status: 'open' }]);

    // A read changes nothing, so it is served, without its limit.
    const queue = await api().send(member.token, decisionRoutes.listQueue);
    expect(queue.decisions.map(({ id, status }) => ({ id, status }))).toEqual([{ id: decision.id, status: 'open' }]);
    expect(storeFailuresLogged()).toEqual([
      { level: 50, bucket: 'archiveAll', cause: PERMISSION_DENIED },
      { level: 50, bucket: 'read', cause: PERMISSION_DENIED },
    ]);
  });

  it('FR-61 — /healthz reports the store unavailable (200, degraded), and ok again after the next successful consume', async () => {
    const member = await cast.newMember();
    await api().send(member.token, decisionRoutes.listQueue);
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
    await api().send(member.token, decisionRoutes.listQueue);
    expect(await healthz()).toEqual({ status: 200, body: { ok: true } });
    await api().send(member.token, sessionRoutes.putSession, { params: { id: 'conv-1' }, body: {} });
    expect(await count('sessions', member.workspaceId)).toBe(1);
  });
});
