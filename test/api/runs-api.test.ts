/** Runs over HTTP: hosts report and claim them; Cast admits restarts under the workspace's concurrency limit. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admitRestart } from '../../db/runs';
import { appendMessage } from '../../db/session-messages';
import type { z } from 'zod';
import type { Run, UpdateRunBody } from '../../domain/run';
import { activityRoutes } from '../../domain/routes/activity';
import { runRoutes } from '../../domain/routes/runs';
import { sessionRoutes } from '../../domain/routes/sessions';
import { colleagueOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;

beforeAll(async () => {
  cast = await startTestCast({ worker: false });
});
afterAll(() => cast?.stop());

async function newSession(member: Member): Promise<string> {
  const id = `conv-${randomUUID()}`;
  await cast.send(member.token, sessionRoutes.putSession, { params: { id }, body: {} });
  return id;
}

async function hostRun(member: Member, sessionId: string, status: 'running' | 'parked' = 'running'): Promise<Run> {
  return (await cast.send(member.token, sessionRoutes.reportRun, { params: { id: sessionId }, body: { status } })).run;
}

const patch = (member: Member, runId: string, body: z.input<typeof UpdateRunBody>) =>
  cast.send(member.token, runRoutes.updateRun, { params: { id: runId }, body });

const claim = (member: Member, runId: string) => cast.send(member.token, runRoutes.claimRun, { params: { id: runId }, body: {} });

async function readRun(member: Member, runId: string): Promise<Run> {
  return (await cast.send(member.token, runRoutes.getRun, { params: { id: runId } })).run;
}

/** What the answer path does for a parked run: deliver the answer, then admit a restart seeded with it. */
async function restart(member: Member, sessionId: string, parked: Run | null, decisionId = `sd-${Math.floor(Math.random() * 1e9) + 1}`) {
  const seed = await appendMessage(cast.pool, {
    workspaceId: member.workspaceId,
    sessionId,
    role: 'system',
    kind: 'decision_answer',
    body: `Decision: go (${decisionId})`,
    decisionId,
    dedupeKey: `answer:${decisionId}`,
  });
  return admitRestart(cast.pool, {
    workspaceId: member.workspaceId,
    sessionId,
    seedMessageSeq: seed.seq,
    restartedFrom: parked?.id ?? null,
    decisionId,
  });
}

async function setConcurrency(member: Member, limit: number) {
  await cast.pool.query('update workspaces set run_concurrency = $2 where id = $1', [member.workspaceId, limit]);
}

describe('runs reported by hosts', () => {
  it('answers 401 without a token', async () => {
    await expectProblem(await cast.request(null, 'GET', '/api/v1/runs/run_x'), 401, 'unauthorized');
    await expectProblem(await cast.request(null, 'PATCH', '/api/v1/runs/run_x', { status: 'completed' }), 401, 'unauthorized');
    await expectProblem(await cast.request(null, 'POST', '/api/v1/runs/run_x/claim'), 401, 'unauthorized');
    await expectProblem(await cast.request(null, 'POST', '/api/v1/sessions/s/runs', {}), 401, 'unauthorized');
  });

  it('follows running → parked → running → completed, stamping start and end, and shows as the session’s latest run', async () => {
    const alice = await cast.newMember();
    const sessionId = await newSession(alice);
    const run = await hostRun(alice, sessionId);
    expect(run).toMatchObject({
      id: expect.stringMatching(/^run_/),
      sessionId,
      status: 'running',
      startedAt: expect.any(String),
      endedAt: null,
    });
    for (const status of ['parked', 'running', 'completed'] as const) {
      expect(await patch(alice, run.id, { status })).toMatchObject({ run: { status } });
    }
    const done = await readRun(alice, run.id);
    expect(done.endedAt).not.toBeNull();
    expect(done.startedAt).toBe(run.startedAt);
    const session = await cast.send(alice.token, sessionRoutes.getSession, { params: { id: sessionId } });
    expect(session.session.latestRun).toEqual(done);
  });

  it('refuses an illegal transition with 409 naming both states, and leaves the run as it was', async () => {
    const alice = await cast.newMember();
    const run = await hostRun(alice, await newSession(alice));
    await patch(alice, run.id, { status: 'failed', failureReason: 'tool crashed' });
    const refused = await expectProblem(patch(alice, run.id, { status: 'running' }), 409, 'invalid_transition');
    expect(refused.detail).toMatch(/failed.*running/);
    expect(refused).toMatchObject({ from: 'failed', to: 'running' });
    const parked = await hostRun(alice, await newSession(alice), 'parked');
    expect((await expectProblem(patch(alice, parked.id, { status: 'failed' }), 409, 'invalid_transition')).detail).toMatch(
      /parked.*failed/,
    );
    expect(await readRun(alice, run.id)).toMatchObject({ status: 'failed', failureReason: 'tool crashed' });
    expect((await readRun(alice, parked.id)).status).toBe('parked');
  });

  it('answers 400 on malformed run bodies and changes nothing', async () => {
    const alice = await cast.newMember();
    const sessionId = await newSession(alice);
    const run = await hostRun(alice, sessionId);
    const bad: Array<[string, string, unknown, RegExp]> = [
      ['PATCH', `/api/v1/runs/${run.id}`, {}, /status/],
      ['PATCH', `/api/v1/runs/${run.id}`, { status: 'ready' }, /status/],
      ['PATCH', `/api/v1/runs/${run.id}`, { status: 'done' }, /status/],
      ['PATCH', `/api/v1/runs/${run.id}`, { status: 'completed', failureReason: 'x' }, /failureReason/],
      ['PATCH', `/api/v1/runs/${run.id}`, { status: 'completed', endedAt: 'now' }, /endedAt/],
      ['POST', `/api/v1/runs/${run.id}/claim`, { force: true }, /force/],
      ['POST', `/api/v1/sessions/${sessionId}/runs`, { status: 'ready' }, /status/],
      ['POST', `/api/v1/sessions/${sessionId}/runs`, { status: 'running', id: 'run_mine' }, /id/],
    ];
    for (const [method, path, body, detail] of bad) {
      const problem = await expectProblem(await cast.request(alice.token, method, path, body), 400, 'invalid_request');
      expect(problem.detail).toMatch(detail);
    }
    expect(await readRun(alice, run.id)).toEqual(run);
    const { rows } = await cast.pool.query('select count(*)::int as n from runs where workspace_id = $1', [alice.workspaceId]);
    expect(rows[0].n).toBe(1);
  });

  it("answers 404 for another workspace's run (and another member's), with the same body as a missing id", async () => {
    const [alice, bob] = await Promise.all([cast.newMember(), cast.newMember()]);
    const colleague = await colleagueOf(cast.pool, alice);
    const run = await hostRun(alice, await newSession(alice));
    const missing = await expectProblem(readRun(bob, 'run_00000000000000000000000000000000'), 404, 'run_not_found');
    for (const member of [bob, colleague]) {
      for (const attempt of [
        () => readRun(member, run.id),
        () => patch(member, run.id, { status: 'cancelled' }),
        () => claim(member, run.id),
      ]) {
        expect(await expectProblem(attempt(), 404, 'run_not_found')).toEqual(missing);
      }
    }
    expect(missing.detail).not.toContain(run.id);
    expect((await readRun(alice, run.id)).status).toBe('running');
  });
});

describe('restarts, claiming and admission', () => {
  it('admits a restart as ready, and a host claiming it makes it running; only a ready run can be claimed', async () => {
    const alice = await cast.newMember();
    const sessionId = await newSession(alice);
    const parked = await hostRun(alice, sessionId, 'parked');
    const restarted = await restart(alice, sessionId, parked, 'sd-77');
    expect(restarted).toMatchObject({
      status: 'ready',
      restartedFrom: parked.id,
      decisionId: 'sd-77',
      seedMessageSeq: expect.any(Number),
      startedAt: null,
    });

    const claimed = await claim(alice, restarted.id);
    expect(claimed).toMatchObject({ run: { id: restarted.id, status: 'running', startedAt: expect.any(String) } });
    const again = await expectProblem(claim(alice, restarted.id), 409, 'run_not_ready');
    expect(again.detail).toMatch(/running/);
    await expectProblem(claim(alice, parked.id), 409, 'run_not_ready');
  });

  it('admits one restart per seed message, however often the delivery is retried', async () => {
    const alice = await cast.newMember();
    const sessionId = await newSession(alice);
    const first = await restart(alice, sessionId, null, 'sd-501');
    const retried = await restart(alice, sessionId, null, 'sd-501');
    expect(retried).toEqual(first);
    const { rows } = await cast.pool.query('select count(*)::int as n from runs where workspace_id = $1', [alice.workspaceId]);
    expect(rows[0].n).toBe(1);
  });

  it('with run_concurrency 1 queues the second restart, and completing the first promotes it to ready', async () => {
    const alice = await cast.newMember();
    await setConcurrency(alice, 1);
    const [one, two] = [await newSession(alice), await newSession(alice)];
    const first = await restart(alice, one, null);
    const second = await restart(alice, two, null);
    expect([first.status, second.status]).toEqual(['ready', 'queued']);

    await claim(alice, first.id);
    expect((await readRun(alice, second.id)).status).toBe('queued');
    await patch(alice, first.id, { status: 'completed' });
    expect((await readRun(alice, second.id)).status).toBe('ready');

    const history = await cast.send(alice.token, activityRoutes.listActivity, { query: { subject_kind: 'run', subject_id: second.id } });
    expect(history.activity[0]).toMatchObject({
      kind: 'status_changed',
      actorKind: 'system',
      detail: { from: 'queued', to: 'ready', reason: 'slot_freed' },
    });
  });

  it('frees a slot when a run parks, fails or is cancelled, but not when a host reports a parked run running again', async () => {
    const alice = await cast.newMember();
    await setConcurrency(alice, 1);
    const sessions = [await newSession(alice), await newSession(alice), await newSession(alice)];
    const [a, b, c] = [
      await restart(alice, sessions[0]!, null),
      await restart(alice, sessions[1]!, null),
      await restart(alice, sessions[2]!, null),
    ];
    expect([a.status, b.status, c.status]).toEqual(['ready', 'queued', 'queued']);
    await claim(alice, a.id);
    await patch(alice, a.id, { status: 'parked' });
    expect([(await readRun(alice, b.id)).status, (await readRun(alice, c.id)).status]).toEqual(['ready', 'queued']);
    await patch(alice, b.id, { status: 'cancelled' });
    expect((await readRun(alice, c.id)).status).toBe('ready');
  });

  it('never admits more ready runs than the limit, even when restarts race', async () => {
    const alice = await cast.newMember();
    await setConcurrency(alice, 2);
    const sessions = await Promise.all(Array.from({ length: 6 }, () => newSession(alice)));
    const runs = await Promise.all(sessions.map((sessionId) => restart(alice, sessionId, null)));
    expect(runs.filter((run) => run.status === 'ready')).toHaveLength(2);
    expect(runs.filter((run) => run.status === 'queued')).toHaveLength(4);
  });
});
