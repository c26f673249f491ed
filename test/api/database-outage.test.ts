/**
 * PostgreSQL away, clearly: while Cast's database server is stopped every request that needs
 * it answers 503 `database_unavailable` with `Retry-After` (not 500 `internal`), `/readyz`
 * names the database, and the outage is logged once however many requests fail; when the
 * server is back, reads and writes succeed again with nothing restarted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../db/pool';
import { migrate } from '../../db/migrate';
import { decisionRoutes } from '../../domain/routes/decisions';
import { freePort } from '../../runtime/free-port';
import { createLogger } from '../../runtime/logger';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../runtime/postgres/embedded-postgres';
import { decisionBody } from '../support/fixtures';
import { expectProblem } from '../support/problem';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

type Logged = { level: number; msg: string; seconds?: number };

const dir = mkdtempSync(join(tmpdir(), 'cast-outage-pg-'));
let port: number;
let postgres: EmbeddedPostgres | null = null;
let cast: TestCast;
let member: Member;
const logged: Logged[] = [];
const startPostgres = async () => (postgres = await startEmbeddedPostgres({ dir, port, skipFsync: true }));

beforeAll(async () => {
  port = await freePort();
  const server = await startPostgres();
  const pool = createPool(server.url, 1);
  await migrate(pool);
  await pool.end();
  cast = await startTestCast({
    databaseUrl: server.url,
    logger: createLogger('info', 'cast-api', { write: (line: string) => void logged.push(JSON.parse(line) as Logged) }),
  });
  member = await cast.newMember();
}, 120_000);

afterAll(async () => {
  await cast?.stop();
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** pino's levels: 40 warn, 50 error. What the outage itself logged, leaving out each request's access line. */
const outageLines = () => logged.filter((line) => /^database (unreachable|reachable again)/.test(line.msg));
const warningsAndErrors = () => logged.filter((line) => line.level >= 40);

const read = () => cast.request(member.token, 'GET', '/api/v1/decisions');
const write = (session: string) => cast.request(member.token, 'PUT', `/api/v1/sessions/${session}`, {});

async function readyz(): Promise<{ status: number; body: { ready: boolean; checks: Record<string, { ok: boolean; cause?: string }> } }> {
  const response = await fetch(`${cast.url}/readyz`);
  return { status: response.status, body: (await response.json()) as never };
}

describe('PostgreSQL unreachable', () => {
  it('answers 503 database_unavailable with Retry-After on reads and writes, logs the outage once, and recovers by itself', async () => {
    expect((await read()).status).toBe(200);
    expect((await write('before')).ok).toBe(true);
    logged.splice(0);

    await postgres!.stop();
    postgres = null;

    // Many requests, reads and writes, each refused alike.
    for (let round = 0; round < 10; round += 1) {
      for (const response of [await read(), await write(`during-${round}`)]) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await expectProblem(response, 503, 'database_unavailable')).detail).toMatch(/cannot reach its database/);
      }
    }
    const notReady = await readyz();
    expect(notReady.status).toBe(503);
    expect(notReady.body.ready).toBe(false);
    expect(notReady.body.checks.database).toEqual({ ok: false, cause: expect.any(String) });
    expect(notReady.body.checks.temporal).toEqual({ ok: true });

    // One line for the whole outage, not one per request: the only error logged; the change
    // listener, which lost its own connection, may say so once as a warning.
    const duringOutage = warningsAndErrors().map(({ level, msg }) => ({ level, msg }));
    expect(duringOutage.filter(({ level }) => level >= 50)).toEqual([
      { level: 50, msg: expect.stringMatching(/^database unreachable: .*database_unavailable$/) },
    ]);
    expect(duringOutage.filter(({ level }) => level < 50)).toEqual(
      duringOutage.some(({ level }) => level < 50)
        ? [{ level: 40, msg: 'change listener lost its connection; waiters poll until it is back' }]
        : [],
    );

    await startPostgres();
    // The pool reconnects on the next request: nothing in Cast was restarted.
    expect((await read()).status).toBe(200);
    expect((await write('after')).ok).toBe(true);
    const filed = await cast.reply(member.token, decisionRoutes.fileDecision, { body: decisionBody('Filed after the outage?') });
    expect(filed.status).toBe(201);
    await expect.poll(async () => (await readyz()).body.checks.database, { timeout: 10_000 }).toEqual({ ok: true });

    expect(outageLines().map(({ level, msg }) => ({ level, msg }))).toEqual([
      { level: 50, msg: expect.stringMatching(/^database unreachable/) },
      { level: 30, msg: expect.stringMatching(/^database reachable again after \d+ s$/) },
    ]);
  }, 120_000);
});
