/** The queue read API (FR-2…FR-6, FR-14, E17) over the real read model. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { FileDecisionBody } from '../../domain/decision-schema';
import type { QueueQueryParams } from '../../domain/queue';
import { activityRoutes } from '../../domain/routes/activity';
import { decisionRoutes } from '../../domain/routes/decisions';
import { missionRoutes } from '../../domain/routes/missions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { taskRoutes } from '../../domain/routes/tasks';
import { tierAsk, world } from '../support/agent-world';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

type Me = ReturnType<typeof world>;
const queueOf = (me: Me, query: z.input<typeof QueueQueryParams> = {}) => me.send(decisionRoutes.listQueue, { query });
const context = 'Enough context for a person to answer without opening the session, which is the whole point of a decision.';

describe('the queue', () => {
  it('FR-4 — ranks blocking (live session) first, then blocking on a stopped session, then advisory; by confidence, then age', async () => {
    const me = world(cast, await cast.newMember());
    const file = async (question: string, extra: Partial<z.input<typeof FileDecisionBody>> = {}) =>
      (await me.file({ question, context, asks: [tierAsk()], ...extra })).body.decision.id;
    const live = await me.session();
    await me.send(sessionRoutes.sessionHeartbeat, { params: { id: live }, body: {} });
    const stopped = await me.session();
    await me.send(sessionRoutes.stopSession, { params: { id: stopped }, body: {} });
    const blockedTask = await me.task('Blocked elsewhere');
    await me.send(taskRoutes.blockTask, { params: { id: blockedTask.id }, body: { kind: 'other', ref: 'Waiting on legal' } });

    const advisory = await file('Advisory, oldest', { mode: 'advisory', defaultOption: 2 });
    const liveLow = await file('Blocking, live session, low confidence', { session: live, confidence: 0.3 });
    const onStopped = await file('Blocking, stopped session', { session: stopped, confidence: 0.99 });
    const sure = await file('Blocking, sure', { confidence: 0.9 });
    const unscored = await file('Blocking, unscored');
    const taskBlocked = await file('Advisory, but its task is blocked', { mode: 'advisory', defaultOption: 1, task: blockedTask.id });

    // An advisory decision is never blocking, even on a task something else blocks: its agent
    // carries on with its default (cast-decide "Blocking and advisory"), so it ranks with the advisory ones.
    const page = await queueOf(me);
    expect(page.decisions.map((decision) => decision.id)).toEqual([sure, unscored, liveLow, onStopped, advisory, taskBlocked]);
    expect(page.decisions.map((decision) => decision.blocking)).toEqual([true, true, true, true, false, false]);
    expect(page.counts).toEqual({ open: 6, blocking: 4, total: 6 });
  });

  it('E17 — 140 open: the first 25 render, the count says 140, a page above 100 is clamped, paging is explicit', async () => {
    const me = world(cast, await cast.newMember());
    for (let batch = 0; batch < 14; batch += 1) {
      await Promise.all(
        Array.from({ length: 10 }, (_, index) => me.file({ question: `Q ${batch * 10 + index}`, context, asks: [tierAsk()] })),
      );
    }
    const first = await queueOf(me);
    expect(first.decisions).toHaveLength(25);
    expect(first.counts).toMatchObject({ open: 140, total: 140 });
    const big = await queueOf(me, { limit: 500 });
    expect(big.decisions).toHaveLength(100);
    expect(big.page.limit).toBe(100);
    const last = await queueOf(me, { limit: 25, offset: 125 });
    expect(last.decisions).toHaveLength(15);
    const all = new Set([...big.decisions, ...(await queueOf(me, { limit: 100, offset: 100 })).decisions].map((d) => d.id));
    expect(all.size).toBe(140);
  });

  it('FR-2, FR-5 — tabs and filters by agent, task, mission, ask kind and search; counts follow the filter', async () => {
    const me = world(cast, await cast.newMember());
    const agent = await me.agent();
    const { mission } = await me.send(missionRoutes.createMission, { body: { name: 'Data quality' } });
    const task = await me.task('Pick a feed', { missionId: mission.id });
    const byAgent = (await me.file({ question: 'Supplier list authoritative?', context, asks: [tierAsk()], agent: agent.id })).body.decision
      .id;
    const byTask = (await me.file({ question: 'Feed tier for the task?', context, asks: [tierAsk()], task: task.id })).body.decision.id;
    const fact = (await me.file({ question: 'Account manager name?', context, asks: [{ kind: 'fact', prompt: 'Who?' }] })).body.decision.id;
    const answered = (await me.file({ question: 'Answered one', context, asks: [tierAsk()] })).body.decision.id;
    await me.answer(answered, 1, { kind: 'decision', selected: [2] });
    const archived = (await me.file({ question: 'Archived one', context, asks: [tierAsk()] })).body.decision.id;
    await me.send(decisionRoutes.archiveDecision, { params: { id: archived }, body: {} });

    const ids = async (query: z.input<typeof QueueQueryParams>) => (await queueOf(me, query)).decisions.map((d) => d.id);
    expect(await ids({ agent: agent.id })).toEqual([byAgent]);
    expect(await ids({ task: task.id })).toEqual([byTask]);
    expect(await ids({ mission: mission.id })).toEqual([byTask]);
    expect(await ids({ kind: 'fact' })).toEqual([fact]);
    expect(await ids({ q: 'SUPPLIER' })).toEqual([byAgent]);
    expect(await ids({ tab: 'answered' })).toEqual([answered]);
    expect(await ids({ tab: 'archived' })).toEqual([archived]);
    expect((await queueOf(me, { kind: 'fact' })).counts).toEqual({ open: 1, blocking: 1, total: 1 });
    // Each tab's count, for the tabs themselves: the whole workspace's, and the filter's.
    expect((await queueOf(me, { tab: 'archived' })).tabs).toEqual({ open: 3, answered: 1, archived: 1 });
    expect((await queueOf(me, { kind: 'decision' })).tabs).toEqual({ open: 2, answered: 1, archived: 1 });
    expect((await queueOf(me, { kind: 'fact' })).tabs).toEqual({ open: 1, answered: 0, archived: 0 });
    const bad = await me.call('GET', '/api/v1/decisions?tab=everything');
    expect(bad.status).toBe(400);
  });

  it('FR-14 — the first time a person opens a decision is recorded once; an agent reading it does not count', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const id = (await me.file({ question: 'Seen?', context, asks: [tierAsk()] })).body.decision.id;
    const asAgent = await me.send(decisionRoutes.getDecision, { params: { id }, headers: { 'x-cast-agent': 'cast-cli' } });
    expect(asAgent.decision.firstViewedAt).toBeNull();
    const first = await me.decision(id);
    expect(first.firstViewedAt).not.toBeNull();
    const second = await me.decision(id);
    expect(second.firstViewedAt).toBe(first.firstViewedAt);
    const log = await me.send(activityRoutes.listActivity, { query: { subject_kind: 'decision', subject_id: id } });
    expect(log.activity.filter((entry) => entry.kind === 'viewed')).toHaveLength(1);
  });
});
