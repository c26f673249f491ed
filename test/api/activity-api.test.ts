/** `GET /api/v1/activity`: the history that writes leave behind, per workspace and per subject. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { activityRoutes } from '../../domain/routes/activity';
import { runRoutes } from '../../domain/routes/runs';
import { sessionRoutes } from '../../domain/routes/sessions';
import { taskRoutes } from '../../domain/routes/tasks';
import { expectProblem } from '../support/problem';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;

beforeAll(async () => {
  cast = await startTestCast({ worker: false });
});
afterAll(() => cast?.stop());

async function activity(member: Member, query: z.input<typeof activityRoutes.listActivity.query> = {}) {
  return (await cast.send(member.token, activityRoutes.listActivity, { query })).activity;
}

describe('activity', () => {
  it('answers 401 without a token', async () => {
    await expectProblem(await cast.request(null, 'GET', '/api/v1/activity'), 401, 'unauthorized');
  });

  it('lists what happened to tasks, sessions and runs, newest first, filtered by subject', async () => {
    const alice = await cast.newMember();
    const { task } = await cast.send(alice.token, taskRoutes.createTask, { body: { title: 'Ship it' } });
    await cast.send(alice.token, taskRoutes.updateTask, { params: { id: task.id }, body: { status: 'in_progress' } });
    const sessionId = `conv-${randomUUID()}`;
    const session = { id: sessionId };
    await cast.send(alice.token, sessionRoutes.putSession, { params: session, body: { scope: 'cast' } });
    const { run } = await cast.send(alice.token, sessionRoutes.reportRun, { params: session, body: {} });
    await cast.send(alice.token, runRoutes.updateRun, { params: { id: run.id }, body: { status: 'completed' } });
    await cast.send(alice.token, sessionRoutes.stopSession, { params: session, body: {} });

    const all = await activity(alice);
    expect(all.map((entry) => [entry.subjectKind, entry.kind])).toEqual([
      ['session', 'stopped'],
      ['run', 'status_changed'],
      ['run', 'created'],
      ['session', 'registered'],
      ['task', 'status_changed'],
      ['task', 'created'],
    ]);
    expect(all.every((entry) => entry.actorKind === 'member' && entry.actorId === alice.memberId)).toBe(true);
    expect(all[1]).toMatchObject({ subjectId: run.id, detail: { from: 'running', to: 'completed' } });

    expect((await activity(alice, { subject_kind: 'run' })).map((entry) => entry.kind)).toEqual(['status_changed', 'created']);
    expect((await activity(alice, { subject_kind: 'task', subject_id: task.id })).map((entry) => entry.detail)).toEqual([
      { from: 'todo', to: 'in_progress' },
      { status: 'todo' },
    ]);
    expect(await activity(alice, { subject_id: sessionId })).toHaveLength(2);

    const firstPage = await activity(alice, { limit: 2 });
    expect(firstPage).toEqual(all.slice(0, 2));
    expect(await activity(alice, { limit: 2, before: firstPage[1]!.seq })).toEqual(all.slice(2, 4));
  });

  it("never shows another workspace's history, even when asked for its subject", async () => {
    const [alice, bob] = await Promise.all([cast.newMember(), cast.newMember()]);
    const { task } = await cast.send(alice.token, taskRoutes.createTask, { body: { title: 'Private' } });
    expect(await activity(bob)).toEqual([]);
    expect(await activity(bob, { subject_kind: 'task', subject_id: task.id })).toEqual([]);
  });

  it('answers 400 on a malformed query', async () => {
    const alice = await cast.newMember();
    for (const query of ['?subject_kind=mission', '?limit=0', '?before=abc', '?subject_kind=task&subject_kind=run']) {
      await expectProblem(await cast.request(alice.token, 'GET', `/api/v1/activity${query}`), 400, 'invalid_request');
    }
  });
});
