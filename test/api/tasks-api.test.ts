/** `/api/v1/tasks` and blockers over HTTP, on the real database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { blockTask, resolveBlocker } from '../../db/tasks';
import { activityRoutes } from '../../domain/routes/activity';
import { agentRoutes } from '../../domain/routes/agents';
import { missionRoutes } from '../../domain/routes/missions';
import { taskRoutes } from '../../domain/routes/tasks';
import type { BlockerBody, CreateTaskBody, Task } from '../../domain/task';
import { expectProblem } from '../support/problem';
import { startTestCast, type Member, type TestCast } from '../support/test-cast';

let cast: TestCast;

beforeAll(async () => {
  cast = await startTestCast({ worker: false });
});
afterAll(() => cast?.stop());

async function createTask(member: Member, body: Partial<z.input<typeof CreateTaskBody>> = {}): Promise<Task> {
  return (await cast.send(member.token, taskRoutes.createTask, { body: { title: 'Write the report', ...body } })).task;
}

const block = (member: Member, id: string, body: BlockerBody) => cast.send(member.token, taskRoutes.blockTask, { params: { id }, body });
const unblock = (member: Member, id: string, body: BlockerBody) =>
  cast.send(member.token, taskRoutes.resolveBlocker, { params: { id }, body });

async function readTask(member: Member, id: string): Promise<Task> {
  return (await cast.send(member.token, taskRoutes.getTask, { params: { id } })).task;
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
    const { mission } = await cast.send(alice.token, missionRoutes.createMission, { body: { name: 'Q3' } });
    const { agent } = await cast.send(alice.token, agentRoutes.createAgent, { body: { name: 'Writer' } });
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

    const ids = async (query: z.input<typeof taskRoutes.listTasks.query> = {}) =>
      (await cast.send(alice.token, taskRoutes.listTasks, { query })).tasks.map((t) => t.id);
    expect((await ids()).sort()).toEqual([linked.id, plain.id].sort());
    expect(await ids({ status: 'todo' })).toEqual([plain.id]);
    expect(await ids({ mission: mission.id })).toEqual([linked.id]);
    expect(await ids({ agent: agent.id })).toEqual([linked.id]);
    expect(await ids({ agent: agent.id, status: 'todo' })).toEqual([]);
    await expectProblem(await cast.request(alice.token, 'GET', '/api/v1/tasks?status=stuck'), 400, 'invalid_request');
  });

  it('refuses a mission or agent from another workspace as not found, and creates nothing', async () => {
    const [alice, bob] = await Promise.all([cast.newMember(), cast.newMember()]);
    const { mission } = await cast.send(bob.token, missionRoutes.createMission, { body: { name: 'Bob only' } });
    const { agent } = await cast.send(bob.token, agentRoutes.createAgent, { body: { name: 'Bob agent' } });
    await expectProblem(
      cast.send(alice.token, taskRoutes.createTask, { body: { title: 'T', missionId: mission.id } }),
      404,
      'mission_not_found',
    );
    await expectProblem(cast.send(alice.token, taskRoutes.createTask, { body: { title: 'T', agentId: agent.id } }), 404, 'agent_not_found');
    expect((await taskRows(alice.workspaceId)).tasks).toEqual([]);
  });

  it("answers 404 for another workspace's task on every route, with the same body as a missing id, and changes nothing", async () => {
    const [alice, bob] = await Promise.all([cast.newMember(), cast.newMember()]);
    const task = await createTask(alice);
    const before = await taskRows(alice.workspaceId);
    const missing = await expectProblem(
      cast.send(bob.token, taskRoutes.getTask, { params: { id: 'task_00000000000000000000000000000000' } }),
      404,
      'task_not_found',
    );
    const params = { id: task.id };
    const attempts = [
      () => cast.send(bob.token, taskRoutes.getTask, { params }),
      () => cast.send(bob.token, taskRoutes.updateTask, { params, body: { status: 'done' } }),
      () => block(bob, task.id, { kind: 'other', ref: 'waiting on legal' }),
      () => unblock(bob, task.id, { kind: 'other', ref: 'waiting on legal' }),
    ];
    for (const attempt of attempts) {
      expect(await expectProblem(attempt(), 404, 'task_not_found')).toEqual(missing);
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
    const blocked = await block(alice, task.id, { kind: 'decision', ref: 'sd-41' });
    expect(blocked.task).toMatchObject({
      status: 'blocked',
      statusBeforeBlocked: 'in_progress',
      blockers: [{ kind: 'decision', ref: 'sd-41', resolvedAt: null }],
    });

    const resolved = await unblock(alice, task.id, { kind: 'decision', ref: 'sd-41' });
    expect(resolved.remaining).toBe(0);
    expect(resolved.task).toMatchObject({ status: 'in_progress', statusBeforeBlocked: null });
    expect(resolved.task.blockers[0]?.resolvedAt).not.toBeNull();
  });

  it('stays blocked with one blocker remaining, then returns to the prior status when the second resolves', async () => {
    const alice = await cast.newMember();
    const task = await createTask(alice, { status: 'review' });
    const other = await createTask(alice, { title: 'Upstream' });
    await block(alice, task.id, { kind: 'decision', ref: 'sd-7' });
    await block(alice, task.id, { kind: 'task', ref: other.id });

    const first = await unblock(alice, task.id, { kind: 'decision', ref: 'sd-7' });
    expect(first).toMatchObject({ remaining: 1, task: { status: 'blocked', statusBeforeBlocked: 'review' } });

    const second = await unblock(alice, task.id, { kind: 'task', ref: other.id });
    expect(second).toMatchObject({ remaining: 0, task: { status: 'review' } });
    expect((await readTask(alice, task.id)).status).toBe('review');
  });

  it('adds a blocker once however often it is posted, and resolving twice changes nothing more', async () => {
    const alice = await cast.newMember();
    const task = await createTask(alice);
    await block(alice, task.id, { kind: 'other', ref: 'waiting on legal' });
    const again = await block(alice, task.id, { kind: 'other', ref: 'waiting on legal' });
    expect(again.task).toMatchObject({ status: 'blocked', statusBeforeBlocked: 'todo' });
    expect(again.task.blockers).toHaveLength(1);

    await unblock(alice, task.id, { kind: 'other', ref: 'waiting on legal' });
    const twice = await unblock(alice, task.id, { kind: 'other', ref: 'waiting on legal' });
    expect(twice).toMatchObject({ remaining: 0, task: { status: 'todo' } });
    await expectProblem(unblock(alice, task.id, { kind: 'other', ref: 'never added' }), 404, 'blocker_not_found');
  });

  it('blocks again when a resolved blocker is reopened (an undone answer)', async () => {
    const alice = await cast.newMember();
    const task = await createTask(alice, { status: 'in_progress' });
    await block(alice, task.id, { kind: 'decision', ref: 'sd-9' });
    await unblock(alice, task.id, { kind: 'decision', ref: 'sd-9' });
    const reopened = await block(alice, task.id, { kind: 'decision', ref: 'sd-9' });
    expect(reopened.task).toMatchObject({
      status: 'blocked',
      statusBeforeBlocked: 'in_progress',
      blockers: [{ ref: 'sd-9', resolvedAt: null }],
    });
  });

  it('refuses to move a blocked task by hand (409) but lets it be cancelled', async () => {
    const alice = await cast.newMember();
    const task = await createTask(alice);
    await block(alice, task.id, { kind: 'decision', ref: 'sd-3' });
    const refused = await expectProblem(
      cast.send(alice.token, taskRoutes.updateTask, { params: { id: task.id }, body: { status: 'done' } }),
      409,
      'task_blocked',
    );
    expect(refused).toMatchObject({ openBlockers: 1 });
    expect((await readTask(alice, task.id)).status).toBe('blocked');

    const cancelled = await cast.send(alice.token, taskRoutes.updateTask, {
      params: { id: task.id },
      body: { status: 'cancelled', title: 'Dropped' },
    });
    expect(cancelled).toMatchObject({ task: { status: 'cancelled', title: 'Dropped' } });
    // Its blocker resolving later leaves a cancelled task cancelled.
    const resolved = await unblock(alice, task.id, { kind: 'decision', ref: 'sd-3' });
    expect(resolved).toMatchObject({ remaining: 0, task: { status: 'cancelled' } });
  });

  it('hides a deleted task from the API, while blocking and unblocking it directly still work', async () => {
    const alice = await cast.newMember();
    const task = await createTask(alice, { status: 'in_progress' });
    await block(alice, task.id, { kind: 'decision', ref: 'sd-5' });
    await cast.pool.query('update tasks set deleted_at = now() where id = $1', [task.id]);

    await expectProblem(readTask(alice, task.id), 404, 'task_not_found');
    await expectProblem(unblock(alice, task.id, { kind: 'decision', ref: 'sd-5' }), 404, 'task_not_found');
    const listed = await cast.send(alice.token, taskRoutes.listTasks);
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
    await block(alice, task.id, { kind: 'decision', ref: 'sd-8' });
    await unblock(alice, task.id, { kind: 'decision', ref: 'sd-8' });
    const history = await cast.send(alice.token, activityRoutes.listActivity, { query: { subject_kind: 'task', subject_id: task.id } });
    expect(history.activity.map((entry) => [entry.kind, entry.detail.to])).toEqual([
      ['blocker_resolved', 'todo'],
      ['blocked', 'blocked'],
      ['created', undefined],
    ]);
  });
});
