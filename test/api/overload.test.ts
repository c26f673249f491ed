/**
 * Issue 29 item 7, "Shed load instead of queueing it": past CAST_MAX_WRITES_IN_FLIGHT writes
 * that reach Temporal, the API refuses the next at once with 503 `overloaded` and Retry-After
 * (not `temporal_unavailable` after 5 s), changes nothing for it, and still serves reads and
 * probes; a client with a retry policy lands every filing, and gives up within its bound.
 * The API here admits one write at a time; a slot is held on purpose by a filing that waits
 * for a stopped worker.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusyError, request } from '../../client/request';
import { decisionRoutes } from '../../domain/routes/decisions';
import { refusals } from '../../runtime/metrics';
import { decisionBody } from '../support/fixtures';
import { expectProblem } from '../support/problem';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';
import { until } from '../support/until';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast({ maxWritesInFlight: 1 });
});
afterAll(() => cast?.stop());

const filing = (member: Member, question: string) =>
  cast.request(member.token, 'POST', '/api/v1/decisions', { ...decisionBody(question), session: `conv-${randomUUID()}` });

/** `cast_refusals_total{reason="overloaded"}` in this process's registry (the API runs in the test's process). */
async function overloadRefusals(): Promise<number> {
  const { values } = await refusals.get();
  return values.find((value) => value.labels.reason === 'overloaded')?.value ?? 0;
}

/** Rows a workspace holds that a filing would have written. */
async function rowsOf(member: Member) {
  const { rows } = await cast.pool.query<{ decisions: number; sessions: number; keys: number }>(
    `select (select count(*)::int from decisions where workspace_id = $1) as decisions,
            (select count(*)::int from sessions where workspace_id = $1) as sessions,
            (select count(*)::int from decision_keys where workspace_id = $1) as keys`,
    [member.workspaceId],
  );
  return rows[0]!;
}

/** Holds the one slot with a filing that waits for the stopped worker; `release` restarts the worker and lets it through. */
async function holdTheSlot() {
  const holder = await cast.newMember();
  await cast.stopWorker();
  const held = filing(holder, 'Holding the slot?');
  await until(
    async () => cast.admission.writesInFlight,
    (inFlight) => inFlight === 1,
  );
  expect(cast.admission.writesInFlight).toBe(1);
  return {
    async release() {
      await cast.startWorker();
      await held;
    },
  };
}

describe('admission control', () => {
  it('past the bound a filing is refused at once, 503 overloaded with Retry-After, and nothing of it is written', async () => {
    const slot = await holdTheSlot();
    try {
      const refused = await cast.newMember();
      const countedBefore = await overloadRefusals();
      for (let index = 0; index < 5; index += 1) {
        // At once: a write that waited for Temporal would end `temporal_unavailable` at the gateway's
        // 5 s deadline, not `overloaded` (how soon is `npm run bench`'s overload figure).
        const answer = await filing(refused, `Refused ${index}?`);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        const problem = await expectProblem(answer, 503, 'overloaded');
        expect(problem.detail).toMatch(/nothing was changed/);
      }
      // An answer to a decision is a write through a workflow too.
      await expectProblem(
        await cast.request(refused.token, 'POST', '/api/v1/decisions/sd-1/asks/1/answer', { answer: { kind: 'decision', selected: [1] } }),
        503,
        'overloaded',
      );
      expect(await rowsOf(refused)).toEqual({ decisions: 0, sessions: 0, keys: 0 });
      // Each refusal is counted for the operator's dashboard, once.
      expect((await overloadRefusals()) - countedBefore).toBe(6);
      // Reads and the probe are never refused.
      expect((await cast.request(refused.token, 'GET', '/api/v1/decisions')).status).toBe(200);
      expect((await fetch(`${cast.url}/healthz`)).status).not.toBe(503);
    } finally {
      await slot.release();
    }
  });

  it('concurrent filings over a bound of one: some are refused, and with a retry policy every one lands once', async () => {
    const member = await cast.newMember();
    const questions = Array.from({ length: 12 }, (_, index) => `Concurrent ${index}?`);
    const raw = await Promise.all(questions.map((question) => filing(member, `Raw ${question}`)));
    const statuses = raw.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);

    const waits: Array<{ code: string; seconds: number }> = [];
    const landed = await Promise.all(
      questions.map((question) =>
        request(
          { url: cast.url, token: member.token },
          decisionRoutes.fileDecision,
          { body: { ...decisionBody(question), session: `conv-${randomUUID()}` } },
          { retryAfter: { onWait: (seconds, reason) => waits.push({ code: reason.code, seconds }) } },
        ),
      ),
    );
    expect(landed.map((answer) => answer.status)).toEqual(questions.map(() => 201));
    expect(waits.length).toBeGreaterThanOrEqual(1);
    expect(waits.every((wait) => wait.code === 'overloaded' && wait.seconds >= 1 && wait.seconds <= 20)).toBe(true);
    const { rows } = await cast.pool.query<{ question: string; n: number }>(
      'select question, count(*)::int as n from decisions where workspace_id = $1 and question like $2 group by question',
      [member.workspaceId, 'Concurrent %'],
    );
    expect(rows.map((row) => row.n)).toEqual(questions.map(() => 1));
  });

  it("a client's retries stop at its bound: no more retries than it allows, no longer than its wait", async () => {
    const member = await cast.newMember();
    // Each while a slot is held (a hold lasts until the gateway's 5 s deadline at most).
    const sendHeld = async (retryAfter: { maxSeconds?: number; maxRetries?: number }) => {
      const slot = await holdTheSlot();
      try {
        const error = await request(
          { url: cast.url, token: member.token },
          decisionRoutes.fileDecision,
          { body: { ...decisionBody('Bounded?'), session: `conv-${randomUUID()}` } },
          { retryAfter },
        ).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(BusyError);
        return { error: error as BusyError };
      } finally {
        await slot.release();
      }
    };

    const byTime = await sendHeld({ maxSeconds: 2 });
    expect(byTime.error.code).toBe('overloaded');
    expect(byTime.error.spent.retries).toBeGreaterThanOrEqual(1);
    // What the client waited by its own account, Retry-After by Retry-After: never past its bound.
    expect(byTime.error.spent.waitedMs).toBeLessThanOrEqual(2000);

    const byCount = await sendHeld({ maxRetries: 1 });
    expect(byCount.error.code).toBe('overloaded');
    expect(byCount.error.spent.retries).toBe(1);
    expect(await rowsOf(member)).toEqual({ decisions: 0, sessions: 0, keys: 0 });
  });
});
