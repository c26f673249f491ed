/**
 * Archive, Archive all, Restore and the sweeps (AW-03 §4.7, FR-43…FR-50, S7, E14, E18) on the
 * real Temporal server and database. The sweep schedule runs every second here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { FileDecisionBody } from '../../domain/decision-schema';
import type { ArchiveAllBody, QueueQueryParams } from '../../domain/queue';
import { activityRoutes } from '../../domain/routes/activity';
import { decisionRoutes } from '../../domain/routes/decisions';
import { runRoutes } from '../../domain/routes/runs';
import { sessionRoutes } from '../../domain/routes/sessions';
import { taskRoutes } from '../../domain/routes/tasks';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { expectProblem, outcomeOf } from '../support/problem';
import { until } from '../support/until';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast({ sweepEvery: '1 second' });
});
afterAll(() => cast?.stop());

const context = 'Enough context for a person to answer without opening the session, which is the point.';
type Me = ReturnType<typeof world>;

const queueOf = (me: Me, query: z.input<typeof QueueQueryParams> = {}) => me.send(decisionRoutes.listQueue, { query });

async function fileMany(me: Me, count: number, extra: Partial<z.input<typeof FileDecisionBody>> = {}): Promise<string[]> {
  const ids: string[] = [];
  // A few at a time: fast, without crowding the one worker.
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, index) =>
      me.file({ question: `Which supplier list is right? #${start + index + 1}`, context, asks: [tierAsk()], ...extra }),
    );
    for (const filed of await Promise.all(batch)) {
      expect(filed.status).toBe(201);
      ids.push(filed.body.decision.id);
    }
  }
  return ids;
}

const archiveAll = (me: Me, filter: z.input<typeof ArchiveAllBody> = {}) =>
  me.send(decisionRoutes.archiveAll, { body: filter }).then((body) => body.result);
const restore = (me: Me, id: string) => me.send(decisionRoutes.restoreDecision, { params: { id }, body: {} });

describe('Archive all', () => {
  it('S7 — archives every open decision the filter matches, and each can be restored as it was', async () => {
    const me = world(cast, await cast.newMember());
    const editor = await me.agent('Editor');
    const ops = await me.agent('Ops');
    const mine = await fileMany(me, 34, { agent: editor.id });
    const other = await fileMany(me, 2, { agent: ops.id });
    // One ask of one of them answered, so a restore can show it kept its asks as they were.
    const partial = (await me.file({ question: 'Two asks', context, asks: [tierAsk(), approvalAsk()], agent: editor.id })).body.decision.id;
    await me.answer(partial, 1, { kind: 'decision', selected: [2] });

    const result = await archiveAll(me, { agent: editor.id });
    expect(result).toEqual({ archived: 35, alreadyAnswered: 0, alreadyClosed: 0, failed: 0, remaining: 0 });
    const open = await queueOf(me, { agent: editor.id });
    expect(open.counts.open).toBe(0);
    const archived = await queueOf(me, { tab: 'archived', limit: 100 });
    expect(archived.counts.total).toBe(35);
    expect(
      archived.decisions.every((decision) => decision.archived?.reason === 'member' && decision.archived.by === me.member.memberId),
    ).toBe(true);
    // The other agent's decisions were not in the filter.
    expect((await queueOf(me)).decisions.map((decision) => decision.id).sort()).toEqual([...other].sort());

    // FR-48: restore returns it to Open with its asks as they were, restarting nothing.
    const restored = await restore(me, partial);
    expect(restored.decision).toMatchObject({ status: 'open', archived: null, progress: { answered: 1, required: 2 }, delivery: null });
    expect(restored.decision.asks[0]!.answer).toMatchObject({ value: { kind: 'decision', selected: [2] } });
    await restore(me, mine[0]!);
    expect((await queueOf(me, { agent: editor.id })).counts.open).toBe(2);
  });

  it('FR-45 — at most 200 per invocation, the oldest first; running it again archives the rest', async () => {
    const me = world(cast, await cast.newMember());
    const ids = await fileMany(me, 205);
    const first = await archiveAll(me);
    expect(first).toMatchObject({ archived: 200, remaining: 5 });
    const left = await queueOf(me);
    expect(left.decisions.map((decision) => decision.id).sort()).toEqual(ids.slice(200).sort());
    expect(await archiveAll(me)).toMatchObject({ archived: 5, remaining: 0 });
  });

  it('FR-47 — answered between the dialog (`since`) and the confirmation: counted as already answered; answered before it, not', async () => {
    const me = world(cast, await cast.newMember());
    const editor = await me.agent('Editor');
    const [before, meanwhile, other] = await fileMany(me, 3, { agent: editor.id });
    const elsewhere = (await me.file({ question: 'Not the filter’s', context, asks: [tierAsk()] })).body.decision.id;
    await me.answer(before!, 1, { kind: 'decision', selected: [2] });
    const since = new Date().toISOString();
    await me.answer(meanwhile!, 1, { kind: 'decision', selected: [2] });
    // Outside the filter, so not among what the person was shown.
    await me.answer(elsewhere, 1, { kind: 'decision', selected: [2] });
    expect(await archiveAll(me, { agent: editor.id, since })).toMatchObject({ archived: 1, alreadyAnswered: 1, alreadyClosed: 0 });
    expect((await me.decision(other!)).status).toBe('archived');
    expect((await me.decision(meanwhile!)).status).toBe('resolved');
  });

  it('E14 — racing an answer in another request: a resolved decision is skipped and counted, never archived', async () => {
    for (let round = 0; round < 5; round += 1) {
      const me = world(cast, await cast.newMember());
      const ids = await fileMany(me, 6);
      const target = ids[round % ids.length]!;
      // As the web does: the count was shown before either request, so an answer that lands before
      // the archive even reads the open decisions is still counted, not silently left out.
      const since = new Date().toISOString();
      const [answer, result] = await Promise.all([
        outcomeOf(me.answer(target, 1, { kind: 'decision', selected: [2] })),
        archiveAll(me, { since }),
      ]);
      const final = await me.decision(target);
      if (answer.status === 200) {
        expect(final.status).toBe('resolved');
        expect(result).toMatchObject({ archived: 5, alreadyAnswered: 1, remaining: 0 });
      } else {
        expect(answer.code).toBe('decision_archived');
        expect(final.status).toBe('archived');
        expect(final.asks[0]!.answer).toBeNull();
        expect(result).toMatchObject({ archived: 6, alreadyAnswered: 0 });
      }
    }
  });

  it('refuses unknown filter fields and bad values, archiving nothing', async () => {
    const me = world(cast, await cast.newMember());
    await fileMany(me, 2);
    await expectProblem(
      await cast.request(me.member.token, 'POST', '/api/v1/decisions/archive-all', { status: 'resolved' }),
      400,
      'invalid_request',
    );
    await expectProblem(
      await cast.request(me.member.token, 'POST', '/api/v1/decisions/archive-all', { kind: 'poem' }),
      400,
      'invalid_request',
    );
    expect((await queueOf(me)).counts.open).toBe(2);
  });
});

describe('archiving one decision', () => {
  it('FR-46, §7 — archiving resolves nothing and restarts nothing: the run stays parked and the task blocked', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const parked = await me.run(session, 'parked');
    const task = await me.task();
    const id = (await me.file({ question: 'Spend $240?', context, asks: [approvalAsk()], session, run: parked.id, task: task.id })).body
      .decision.id;
    const archived = await me.send(decisionRoutes.archiveDecision, { params: { id }, body: {} });
    expect(archived.decision).toMatchObject({ status: 'archived', resolvedAt: null, delivery: null });
    expect((await me.send(runRoutes.getRun, { params: { id: parked.id } })).run.status).toBe('parked');
    // §7: archiving and the task's lifecycle are "deliberately not chained" — as for a record's decision.
    const held = (await me.send(taskRoutes.getTask, { params: { id: task.id } })).task;
    expect(held).toMatchObject({ status: 'blocked', statusBeforeBlocked: task.status });
    expect(held.blockers.filter((blocker) => !blocker.resolvedAt).map((blocker) => blocker.ref)).toEqual([id]);
    const messages = await me.send(sessionRoutes.readMessages, { params: { id: session } });
    expect(messages.messages).toEqual([]);
    // E18: an answer is refused, and Restore is what is offered.
    const answer = await expectProblem(me.answer(id, 1, { kind: 'approval', decision: 'approve' }), 409, 'decision_archived');
    expect(answer.detail).toBe('This decision was archived.');
  });
});

describe('the sweeps', () => {
  it("FR-49 — work gone behind Cast's back (run cancelled, task deleted) is archived by the schedule, with the reason", async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const parked = await me.run(session, 'parked');
    const task = await me.task();
    const gone = (await me.file({ question: 'Gone work', context, asks: [tierAsk()], session, run: parked.id, task: task.id })).body
      .decision.id;
    const halfGone = (
      await me.file({ question: 'Half gone', context, asks: [tierAsk()], run: (await me.run(session, 'parked')).id, task: task.id })
    ).body.decision.id;
    // Straight in the database, as if another system did it: only the sweep can notice.
    await cast.pool.query(`update runs set status = 'cancelled' where id = $1`, [parked.id]);
    await cast.pool.query(`update tasks set deleted_at = now() where id = $1`, [task.id]);

    const swept = await until(
      () => me.decision(gone),
      (decision) => decision.status === 'archived',
    );
    expect(swept).toMatchObject({ status: 'archived', archived: { by: null, reason: 'work_gone' } });
    // Its other run is still parked, so that decision's work is not gone.
    expect((await me.decision(halfGone)).status).toBe('open');
    const history = await me.send(activityRoutes.listActivity, { query: { subject_kind: 'decision', subject_id: gone } });
    expect(history.activity.find((entry) => entry.kind === 'archived')).toMatchObject({
      actorKind: 'system',
      detail: { reason: 'work_gone' },
    });
  });

  it('FR-49 — cancelling the run and deleting the task through the API archives at once', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const parked = await me.run(session, 'parked');
    const task = await me.task();
    const id = (await me.file({ question: 'Gone work', context, asks: [tierAsk()], session, run: parked.id, task: task.id })).body.decision
      .id;
    await me.send(runRoutes.updateRun, { params: { id: parked.id }, body: { status: 'cancelled' } });
    expect((await me.decision(id)).status).toBe('open');
    expect((await me.reply(taskRoutes.deleteTask, { params: { id: task.id } })).status).toBe(204);
    await expectProblem(me.send(taskRoutes.getTask, { params: { id: task.id } }), 404, 'task_not_found');
    const archived = await until(
      () => me.decision(id),
      (decision) => decision.status === 'archived',
      3000,
    );
    expect(archived.archived).toMatchObject({ reason: 'work_gone' });
  });

  it('FR-50 — open 30+ days with no live work is flagged dormant and never archived automatically', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const running = await me.run(session, 'running');
    const idle = (await me.file({ question: 'Old and idle', context, asks: [tierAsk()] })).body.decision.id;
    const busy = (await me.file({ question: 'Old but its run is going', context, asks: [tierAsk()], session, run: running.id })).body
      .decision.id;
    const young = (await me.file({ question: 'New', context, asks: [tierAsk()] })).body.decision.id;
    await cast.pool.query(`update decisions set created_at = now() - interval '31 days' where id = any($1)`, [[idle, busy]]);
    // Its session stops heartbeating, so only the running run keeps it live.
    await cast.pool.query(`update sessions set last_heartbeat_at = now() - interval '1 day' where id = $1`, [session]);

    const queue = await queueOf(me);
    const dormant = Object.fromEntries(queue.decisions.map((decision) => [decision.id, decision.dormant]));
    expect(dormant).toEqual({ [idle]: true, [busy]: false, [young]: false });
    // Two sweeps later it is still open.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await me.decision(idle)).status).toBe('open');
  });
});
