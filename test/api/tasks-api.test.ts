/** `/api/v1/tasks` and blockers over HTTP, on the real database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockTask, resolveBlocker } from '../../db/tasks';
import { expectProblem } from '../support/problem';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;

beforeAll(async () => {
  cast = await startTestCast({ worker: false });
});
afterAll(() => cast?.stop());

type Blocker = { kind: string; ref: string; resolvedAt: string | null };
type Task = {
  id: string;
  title: string;
  status: string;
  statusBeforeBlocked: string | null;
  missionId: string | null;
  agentId: string | null;
  blockers: Blocker[];
};

async function createTask(member: Member, body: Record<string, unknown> = {}): Promise<Task> {
  const response = await cast.request(member.token, 'POST', '/api/v1/tasks', { title: 'Write the report', ...body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { task: Task }).task;
}

async function post(member: Member, path: string, body: unknown) {
  const response = await cast.request(member.token, 'POST', path, body);
  expect(response.status).toBe(200);
  return (await response.json()) as { task: Task; remaining?: number };
}

async function readTask(member: Member, id: string): Promise<Task> {
  return ((await (await cast.request(member.token, 'GET', `/api/v1/tasks/${id}`)).json()) as { task: Task }).task;
}

async function taskRows(workspaceId: string) {
  const tasks = await cast.pool.query('select id, title, status from tasks where workspace_id = $1 order by id', [workspaceId]);
  const blockers = await cast.pool.query('select id, resolved_at from task_blockers where workspace_id = $1 order by id', [workspaceId]);
  return { tasks: tasks.rows, blockers: blockers.rows };
}

describe('tasks', () => {
  it('answers 401 without a token', async () => {
    await expectProblem(await cast.request(null, 'GET', '/api/v1/tasks'), 401, 'unauthorized');
    await expectProblem(await cast.request(null, 'POST', '/api/v1/tasks', { title: 'T' }), 401, 'unauthorized');
    await expectProblem(
      await cast.request(null, 'POST', '/api/v1/tasks/task_x/blockers', { kind: 'other', ref: 'r' }),
      401,
      'unauthorized',
    );
  });

  it('creates tasks linked to a mission and an agent, and filters the list by status, mission and agent', async () => {
    const alice = await cast.newMember();
    const mission = (
      (await (await cast.request(alice.token, 'POST', '/api/v1/missions', { name: 'Q3' })).json()) as { mission: { id: string } }
    ).mission;
    const agent = (
      (await (await cast.request(alice.token, 'POST', '/api/v1/agents', { name: 'Writer' })).json()) as { agent: { id: string } }
    ).agent;
    const linked = await createTask(alice, { missionId: mission.id, agentId: agent.id, status: 'in_progress' });
    const plain = await createTask(alice, { title: 'Tidy up' });
    expect(linked).toMatchObject({
      id: expect.stringMatching(/^task_[0-9a-f]{32}$/),
      status: 'in_progress',
      missionId: mission.id,
      agentId: agent.id,
      blockers: [],
    });
    expect(plain).toMatchObject({ status: 'todo', missionId: null, agentId: null });
    expect(await readTask(alice, linked.id)).toEqual(linked);

    const ids = async (query: string) =>
      ((await (await cast.request(alice.token, 'GET', `/api/v1/tasks${query}`)).json()) as { tasks: Task[] }).tasks.map((t) => t.id);
    expect((await ids('')).sort()).toEqual([linked.id, plain.id].sort());
    expect(await ids('?status=todo')).toEqual([plain.id]);
    expect(await ids(`?mission=${mission.id}`)).toEqual([linked.id]);
    expect(await ids(`?agent=${agent.id}`)).toEqual([linked.id]);
    expect(await ids(`?agent=${agent.id}&status=todo`)).toEqual([]);
    await expectProblem(await cast.request(alice.token, 'GET', '/api/v1/tasks?status=stuck'), 400, 'invalid_request');
  });

  it('refuses a mission or agent from another workspace as not found, and creates nothing', async () => {
    const [alice, bob] = await Promise.all([cast.newMember(), cast.newMember()]);
    const mission = (
      (await (await cast.request(bob.token, 'POST', '/api/v1/missions', { name: 'Bob only' })).json()) as { mission: { id: string } }
    ).mission;
    const agent = (
      (await (await cast.request(bob.token, 'POST', '/api/v1/agents', { name: 'Bob agent' })).json()) as { agent: { id: string } }
    ).agent;
    await expectProblem(
      await cast.request(alice.token, 'POST', '/api/v1/tasks', { title: 'T', missionId: mission.id }),
      404,
      'mission_not_found',
    );
    await expectProblem(
      await cast.request(alice.token, 'POST', '/api/v1/tasks', { title: 'T', agentId: agent.id }),
      404,
      'agent_not_found',
    );
    expect((await taskRows(alice.workspaceId)).tasks).toEqual([]);
  });

  it("answers 404 for another workspace's task on every route, with the same body as a missing id, and changes nothing", async () => {
    const [alice, bob] = await Promise.all([cast.newMember(), cast.newMember()]);
    const task = await createTask(alice);
    const before = await taskRows(alice.workspaceId);
    const missing = await expectProblem(
      await cast.request(bob.token, 'GET', '/api/v1/tasks/task_00000000000000000000000000000000'),
      404,
      'task_not_found',
    );
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/v1/tasks/${task.id}`],
      ['PATCH', `/api/v1/tasks/${task.id}`, { status: 'done' }],
      ['POST', `/api/v1/tasks/${task.id}/blockers`, { kind: 'other', ref: 'waiting on legal' }],
      ['POST', `/api/v1/tasks/${task.id}/blockers/resolve`, { kind: 'other', ref: 'waiting on legal' }],
    ];
    for (const [method, path, body] of attempts) {
      expect(await expectProblem(await cast.request(bob.token, method, path, body), 404, 'task_not_found')).toEqual(missing);
    }
    expect(missing.detail).not.toContain(task.id);
    expect(await taskRows(alice.workspaceId)).toEqual(before);
  });

  it('answers 400 naming the field on malformed bodies, and writes nothing', async () => {
    const alice = await cast.newMember();
    const task = await createTask(alice);
    const before = await taskRows(alice.workspaceId);
    const bad: Array<[string, string, unknown, RegExp]> = [
      ['POST', '/api/v1/tasks', {}, /title/],
      ['POST', '/api/v1/tasks', { title: 'x'.repeat(201) }, /title/],
      ['POST', '/api/v1/tasks', { title: 'T', status: 'blocked' }, /status/],
      ['POST', '/api/v1/tasks', { title: 'T', deletedAt: null }, /deletedAt/],
      ['PATCH', `/api/v1/tasks/${task.id}`, {}, /title or status/],
      ['PATCH', `/api/v1/tasks/${task.id}`, { status: 'blocked' }, /status/],
      ['POST', `/api/v1/tasks/${task.id}/blockers`, { kind: 'decision', ref: 'not-an-id' }, /ref/],
      ['POST', `/api/v1/tasks/${task.id}/blockers`, { kind: 'task', ref: 'task_short' }, /ref/],
      ['POST', `/api/v1/tasks/${task.id}/blockers`, { kind: 'person', ref: 'x' }, /kind/],
      ['POST', `/api/v1/tasks/${task.id}/blockers`, { kind: 'other', ref: '' }, /ref/],
      ['POST', `/api/v1/tasks/${task.id}/blockers/resolve`, { kind: 'other' }, /ref/],
    ];
    for (const [method, path, body, detail] of bad) {
      const problem = await expectProblem(await cast.request(alice.token, method, path, body), 400, 'invalid_request');
      expect(problem.detail).toMatch(detail);
    }
    expect(await taskRows(alice.workspaceId)).toEqual(before);
  });
});

describe('blocking and unblocking (FR-33)', () => {
  it('blocks a task on one decision and returns it to its prior status when that resolves', async () => {
    const alice = await cast.newMember();
    const task = await createTask(alice, { status: 'in_progress' });
    const blocked = await post(alice, `/api/v1/tasks/${task.id}/blockers`, { kind: 'decision', ref: 'sd-41' });
    expect(blocked.task).toMatchObject({
      status: 'blocked',
      statusBeforeBlocked: 'in_progress',
      blockers: [{ kind: 'decision', ref: 'sd-41', resolvedAt: null }],
    });

    const resolved = await post(alice, `/api/v1/tasks/${task.id}/blockers/resolve`, { kind: 'decision', ref: 'sd-41' });
    expect(resolved.remaining).toBe(0);
    expect(resolved.task).toMatchObject({ status: 'in_progress', statusBeforeBlocked: null });
    expect(resolved.task.blockers[0]?.resolvedAt).not.toBeNull();
  });

  it('stays blocked with one blocker remaining, then returns to the prior status when the second resolves', async () => {
    const alice = await cast.newMember();
    const task = await createTask(alice, { status: 'review' });
    const other = await createTask(alice, { title: 'Upstream' });
    await post(alice, `/api/v1/tasks/${task.id}/blockers`, { kind: 'decision', ref: 'sd-7' });
    await post(alice, `/api/v1/tasks/${task.id}/blockers`, { kind: 'task', ref: other.id });

    const first = await post(alice, `/api/v1/tasks/${task.id}/blockers/resolve`, { kind: 'decision', ref: 'sd-7' });
    expect(first).toMatchObject({ remaining: 1, task: { status: 'blocked', statusBeforeBlocked: 'review' } });

    const second = await post(alice, `/api/v1/tasks/${task.id}/blockers/resolve`, { kind: 'task', ref: other.id });
    expect(second).toMatchObject({ remaining: 0, task: { status: 'review' } });
    expect((await readTask(alice, task.id)).status).toBe('review');
  });

  it('adds a blocker once however often it is posted, and resolving twice changes nothing more', async () => {
    const alice = await cast.newMember();
    const task = await createTask(alice);
    await post(alice, `/api/v1/tasks/${task.id}/blockers`, { kind: 'other', ref: 'waiting on legal' });
    const again = await post(alice, `/api/v1/tasks/${task.id}/blockers`, { kind: 'other', ref: 'waiting on legal' });
    expect(again.task).toMatchObject({ status: 'blocked', statusBeforeBlocked: 'todo' });
    expect(again.task.blockers).toHaveLength(1);

    await post(alice, `/api/v1/tasks/${task.id}/blockers/resolve`, { kind: 'other', ref: 'waiting on legal' });
    const twice = await post(alice, `/api/v1/tasks/${task.id}/blockers/resolve`, { kind: 'other', ref: 'waiting on legal' });
    expect(twice).toMatchObject({ remaining: 0, task: { status: 'todo' } });
    await expectProblem(
      await cast.request(alice.token, 'POST', `/api/v1/tasks/${task.id}/blockers/resolve`, { kind: 'other', ref: 'never added' }),
      404,
      'blocker_not_found',
    );
  });

  it('blocks again when a resolved blocker is reopened (an undone answer)', async () => {
    const alice = await cast.newMember();
    const task = await createTask(alice, { status: 'in_progress' });
    await post(alice, `/api/v1/tasks/${task.id}/blockers`, { kind: 'decision', ref: 'sd-9' });
    await post(alice, `/api/v1/tasks/${task.id}/blockers/resolve`, { kind: 'decision', ref: 'sd-9' });
    const reopened = await post(alice, `/api/v1/tasks/${task.id}/blockers`, { kind: 'decision', ref: 'sd-9' });
    expect(reopened.task).toMatchObject({
      status: 'blocked',
      statusBeforeBlocked: 'in_progress',
      blockers: [{ ref: 'sd-9', resolvedAt: null }],
    });
  });

  it('refuses to move a blocked task by hand (409) but lets it be cancelled', async () => {
    const alice = await cast.newMember();
    const task = await createTask(alice);
    await post(alice, `/api/v1/tasks/${task.id}/blockers`, { kind: 'decision', ref: 'sd-3' });
    const refused = await expectProblem(
      await cast.request(alice.token, 'PATCH', `/api/v1/tasks/${task.id}`, { status: 'done' }),
      409,
      'task_blocked',
    );
    expect(refused).toMatchObject({ openBlockers: 1 });
    expect((await readTask(alice, task.id)).status).toBe('blocked');

    const cancelled = await cast.request(alice.token, 'PATCH', `/api/v1/tasks/${task.id}`, { status: 'cancelled', title: 'Dropped' });
    expect(await cancelled.json()).toMatchObject({ task: { status: 'cancelled', title: 'Dropped' } });
    // Its blocker resolving later leaves a cancelled task cancelled.
    const resolved = await post(alice, `/api/v1/tasks/${task.id}/blockers/resolve`, { kind: 'decision', ref: 'sd-3' });
    expect(resolved).toMatchObject({ remaining: 0, task: { status: 'cancelled' } });
  });

  it('hides a deleted task from the API, while blocking and unblocking it directly still work', async () => {
    const alice = await cast.newMember();
    const task = await createTask(alice, { status: 'in_progress' });
    await post(alice, `/api/v1/tasks/${task.id}/blockers`, { kind: 'decision', ref: 'sd-5' });
    await cast.pool.query('update tasks set deleted_at = now() where id = $1', [task.id]);

    await expectProblem(await cast.request(alice.token, 'GET', `/api/v1/tasks/${task.id}`), 404, 'task_not_found');
    await expectProblem(
      await cast.request(alice.token, 'POST', `/api/v1/tasks/${task.id}/blockers/resolve`, { kind: 'decision', ref: 'sd-5' }),
      404,
      'task_not_found',
    );
    const listed = (await (await cast.request(alice.token, 'GET', '/api/v1/tasks')).json()) as { tasks: Task[] };
    expect(listed.tasks).toEqual([]);

    await blockTask(cast.pool, alice.workspaceId, task.id, { kind: 'decision', ref: 'sd-6' });
    expect(await resolveBlocker(cast.pool, alice.workspaceId, task.id, { kind: 'decision', ref: 'sd-5' })).toMatchObject({
      remaining: 1,
      status: 'blocked',
    });
    expect(await resolveBlocker(cast.pool, alice.workspaceId, task.id, { kind: 'decision', ref: 'sd-6' })).toMatchObject({
      remaining: 0,
      status: 'in_progress',
    });
  });

  it('records blocking and unblocking in the task history', async () => {
    const alice = await cast.newMember();
    const task = await createTask(alice);
    await post(alice, `/api/v1/tasks/${task.id}/blockers`, { kind: 'decision', ref: 'sd-8' });
    await post(alice, `/api/v1/tasks/${task.id}/blockers/resolve`, { kind: 'decision', ref: 'sd-8' });
    const history = (await (await cast.request(alice.token, 'GET', `/api/v1/activity?subject_kind=task&subject_id=${task.id}`)).json()) as {
      activity: Array<{ kind: string; detail: Record<string, unknown> }>;
    };
    expect(history.activity.map((entry) => [entry.kind, entry.detail.to])).toEqual([
      ['blocker_resolved', 'todo'],
      ['blocked', 'blocked'],
      ['created', undefined],
    ]);
  });
});
