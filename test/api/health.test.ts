/**
 * The health line, recurring decisions and analytics through the API (AW-03 §4.8, §4.9,
 * S8, S9), on the real database: decisions are filed through the API and then dated back.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { FileDecisionBody } from '../../domain/decision-schema';
import { analyticsRoutes } from '../../domain/routes/analytics';
import { decisionRoutes } from '../../domain/routes/decisions';
import { healthSettingsRoutes } from '../../domain/routes/health-settings';
import { sessionRoutes } from '../../domain/routes/sessions';
import { rollUpHealth } from '../../db/health';
import { fromHostPrompts } from '../../domain/health';
import { world } from '../support/agent-world';
import { agentTokenOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  // The roll-up schedule runs once as the worker starts.
  cast = await startTestCast({ rollupEvery: '1 hour' });
});
afterAll(() => cast?.stop());

const context = 'Enough context for a person to answer without opening the session, which is the point.';
type Me = ReturnType<typeof world>;
type FileBody = z.input<typeof FileDecisionBody>;
const queueOf = (me: Me) => me.send(decisionRoutes.listQueue);

const choice = (question: string, extra: Partial<FileBody> = {}): FileBody => ({
  question,
  context,
  asks: [{ kind: 'decision', prompt: question, options: [{ label: 'The finance list' }, { label: 'The ops list' }] }],
  ...extra,
});

/** Files `count` decisions for an agent and dates them `daysAgo` days back (UTC noon). */
async function openedDaysAgo(me: Me, agent: string, daysAgo: number, count: number): Promise<void> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    ids.push((await me.file(choice(`Day ${daysAgo} question ${index} for ${agent}?`, { agent }))).body.decision.id);
  }
  await cast.pool.query(
    `update decisions set created_at = date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - make_interval(days => $2) + interval '12 hours'
      where id = any($1)`,
    [ids, daysAgo],
  );
}

describe('the health line (FR-51…FR-55)', () => {
  it('S8 — a median of 11 a day over the last seven days reads Heavy and names the agent behind most of them', async () => {
    const me = world(cast, await cast.newMember());
    const editor = await me.agent('Editor');
    const ops = await me.agent('Ops');
    for (let day = 1; day <= 7; day += 1) {
      await openedDaysAgo(me, editor.id, day, 8);
      await openedDaysAgo(me, ops.id, day, 3);
    }
    // Resolve most of them, so the open count does not flood the line by itself.
    await cast.pool.query(
      `update decisions set status = 'resolved' where workspace_id = $1 and id not in (
      select id from decisions where workspace_id = $1 order by created_at desc limit 5)`,
      [me.member.workspaceId],
    );
    await rollUpHealth(cast.pool, me.member.workspaceId);
    const queue = await queueOf(me);
    expect(queue.health).toEqual({
      band: 'heavy',
      n: 11,
      median: 11,
      open: 5,
      // Yesterday's noon is inside the last 24 hours before noon: 11 then, none after. Either way no burst.
      lastDay: expect.any(Number),
      burst: false,
      culprit: { agentId: editor.id, name: 'Editor', opened: 56, of: 77, hostPrompts: 0 },
    });
  });

  it('FR-51, FR-54 — what opened after the roll-up counts at once: never quiet, a burst floods, and at 26 open Flooded names its agent', async () => {
    const me = world(cast, await cast.newMember());
    const researcher = await me.agent('Researcher');
    // The roll-up is taken before any of them, as the hourly one would be.
    await rollUpHealth(cast.pool, me.member.workspaceId);
    expect((await queueOf(me)).health).toMatchObject({ band: 'quiet' });
    for (let index = 0; index < 25; index += 1)
      await me.file(choice(`Burst question ${index} for the researcher?`, { agent: researcher.id }));
    // 25 in the last 24 hours is a burst over a median of 0: Flooded, though 25 open is not (issue #30).
    expect((await queueOf(me)).health).toMatchObject({ band: 'flooded', n: 25, open: 25, lastDay: 25, burst: true });
    await me.file(choice('Burst question 25 for the researcher?', { agent: researcher.id }));
    expect((await queueOf(me)).health).toEqual({
      band: 'flooded',
      n: 26,
      median: 0,
      open: 26,
      lastDay: 26,
      burst: true,
      culprit: { agentId: researcher.id, name: 'Researcher', opened: 26, of: 26, hostPrompts: 0 },
    });
  });

  it('a new workspace gets its snapshot when a worker starts; nothing opened reads quiet', async () => {
    // This Cast's worker triggered the roll-up when it started; a fresh workspace joins at the next one.
    const me = world(cast, await cast.newMember());
    expect((await queueOf(me)).health).toBeNull();
    await rollUpHealth(cast.pool, me.member.workspaceId);
    expect((await queueOf(me)).health).toMatchObject({ band: 'quiet', n: 14 });
    const started = await cast.pool.query('select count(*)::int as n from health_snapshots');
    expect(started.rows[0].n).toBeGreaterThan(1);
  });

  it('an unavailable roll-up hides the line and the queue still loads', async () => {
    const me = world(cast, await cast.newMember());
    const id = (await me.file(choice('Still here?'))).body.decision.id;
    await rollUpHealth(cast.pool, me.member.workspaceId);
    expect((await queueOf(me)).health?.band).toBe('healthy');
    await cast.pool.query('alter table decision_rollups rename to decision_rollups_away');
    try {
      const queue = await queueOf(me);
      expect(queue.health).toBeNull();
      expect(queue.decisions.map((decision) => decision.id)).toEqual([id]);
    } finally {
      await cast.pool.query('alter table decision_rollups_away rename to decision_rollups');
    }
    // A snapshot older than 36 hours is as good as none.
    await cast.pool.query(`update health_snapshots set computed_at = now() - interval '37 hours' where workspace_id = $1`, [
      me.member.workspaceId,
    ]);
    expect((await queueOf(me)).health).toBeNull();
  });

  it('FR-53 — the healthy ceiling and quiet window are overridable within 1–100 and 3–90; the line can be hidden for 30 days', async () => {
    const me = world(cast, await cast.newMember());
    const agent = await me.agent('Editor');
    for (let day = 1; day <= 7; day += 1) await openedDaysAgo(me, agent.id, day, 7);
    await cast.pool.query(`update decisions set status = 'resolved' where workspace_id = $1`, [me.member.workspaceId]);
    await rollUpHealth(cast.pool, me.member.workspaceId);
    expect((await queueOf(me)).health?.band).toBe('heavy');

    const settings = await me.send(healthSettingsRoutes.updateHealthSettings, { body: { healthyCeiling: 7 } });
    expect(settings.settings).toEqual({ healthyCeiling: 7, quietDays: 14, hiddenUntil: null });
    expect((await queueOf(me)).health).toMatchObject({ band: 'healthy', n: 7 });
    for (const bad of [
      { healthyCeiling: 0 },
      { healthyCeiling: 101 },
      { quietDays: 2 },
      { quietDays: 91 },
      {},
      { healthyCeiling: 5, band: 'quiet' },
    ]) {
      await expectProblem(await cast.request(me.member.token, 'PATCH', '/api/v1/settings/health', bad), 400, 'invalid_request');
    }
    expect((await me.send(healthSettingsRoutes.getHealthSettings)).settings.healthyCeiling).toBe(7);

    const hidden = await me.send(healthSettingsRoutes.hideHealthLine, { body: {} });
    expect(Date.parse(hidden.settings.hiddenUntil!) - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    expect((await queueOf(me)).health).toBeNull();
    await me.send(healthSettingsRoutes.showHealthLine);
    expect((await queueOf(me)).health?.band).toBe('healthy');
  });
});

/**
 * A member whose Claude Code host files 20 "Allow Bash?" prompts through POST /sessions/:id/prompts
 * while its agent files 4 decisions of its own, and an Editor agent files 6: 30 in all.
 */
async function hostPromptFlood() {
  const member = await cast.newMember();
  const me = world(cast, member);
  // The roll-up, taken before any of them, as the hourly schedule would have been.
  await rollUpHealth(cast.pool, member.workspaceId);
  const claude = await agentTokenOf(cast.pool, member, 'Claude Code');
  const host = world(cast, claude);
  const session = randomUUID();
  const prompts: string[] = [];
  for (let index = 0; index < 20; index += 1) {
    const filed = await host.send(sessionRoutes.fileHostPrompt, {
      params: { id: session },
      body: { kind: 'permission', tool: 'Bash', toolInput: { command: `ls build-${index}` }, requestId: `toolu_${randomUUID()}` },
    });
    prompts.push(filed.decision.id);
  }
  for (let index = 0; index < 4; index += 1) {
    expect((await host.file(choice(`Which build target first, ${index}?`))).status).toBe(201);
  }
  const editor = await me.agent('Editor');
  for (let index = 0; index < 6; index += 1) await me.file(choice(`Which chapter first, ${index}?`, { agent: editor.id }));
  return { me, claude, prompts };
}

describe("FR-54, issue 39 item 3: the host's permission prompts are counted apart", () => {
  it("FR-54 — a culprit whose openings are mostly its host's permission prompts says so, live and through the roll-up", async () => {
    const { me, claude, prompts } = await hostPromptFlood();
    const workspace = me.member.workspaceId;
    const { rows } = await cast.pool.query<{ source_kind: string | null; n: number }>(
      'select source_kind, count(*)::int as n from decisions where workspace_id = $1 group by 1 order by 1',
      [workspace],
    );
    expect(rows).toEqual([
      { source_kind: 'permission', n: 20 },
      { source_kind: null, n: 10 },
    ]);

    // Live: 30 open floods by itself, and the band counts every one of them, prompts included.
    const live = (await queueOf(me)).health!;
    expect(live).toMatchObject({ band: 'flooded', n: 30, open: 30, lastDay: 30, burst: true });
    expect(live.culprit).toEqual({ agentId: claude.agentId, name: 'Claude Code', opened: 24, of: 30, hostPrompts: 20 });
    expect(fromHostPrompts(live.culprit!)).toBe(true);

    // Through the roll-up alone: the 30 dated back over days 2 to 7 (5 a day, none yesterday: a
    // median of 5), a healthy ceiling of 4, and all but 5 resolved, so Heavy comes from the median.
    await cast.pool.query(
      `update decisions d set created_at = date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
                                           - make_interval(days => 2 + (x.rn % 6)::int) + interval '12 hours'
         from (select id, row_number() over (order by number) as rn from decisions where workspace_id = $1) x
        where d.id = x.id`,
      [workspace],
    );
    await cast.pool.query(`update decisions set status = 'resolved' where workspace_id = $1 and not (id = any($2))`, [
      workspace,
      prompts.slice(0, 5),
    ]);
    await me.send(healthSettingsRoutes.updateHealthSettings, { body: { healthyCeiling: 4 } });
    await rollUpHealth(cast.pool, workspace);
    const rolled = await cast.pool.query<{ opened: number; host_prompts: number }>(
      'select sum(opened)::int as opened, sum(host_prompts)::int as host_prompts from decision_rollups where workspace_id = $1 and agent_id = $2',
      [workspace, claude.agentId],
    );
    expect(rolled.rows[0]).toEqual({ opened: 24, host_prompts: 20 });
    expect((await queueOf(me)).health).toEqual({
      band: 'heavy',
      n: 5,
      median: 5,
      open: 5,
      lastDay: 0,
      burst: false,
      culprit: { agentId: claude.agentId, name: 'Claude Code', opened: 24, of: 30, hostPrompts: 20 },
    });
  });

  it('FR-54 — migration 0027 recomputes the roll-up an older version took without host prompts', async () => {
    const { me, claude } = await hostPromptFlood();
    const workspace = me.member.workspaceId;
    await rollUpHealth(cast.pool, workspace);
    // As an older version's roll-up left it: every day's host prompts uncounted.
    await cast.pool.query('update decision_rollups set host_prompts = 0 where workspace_id = $1', [workspace]);
    const sum = async () =>
      (
        await cast.pool.query<{ n: number }>(
          'select coalesce(sum(host_prompts), 0)::int as n from decision_rollups where workspace_id = $1 and agent_id = $2',
          [workspace, claude.agentId],
        )
      ).rows[0]!.n;
    expect(await sum()).toBe(0);

    // Its recompute, replayed on today's schema (its column steps are already applied).
    const migration = readFileSync(path.join(import.meta.dirname, '../../db/migrations/0027_host_prompt_rollups.sql'), 'utf8');
    const recompute = migration.indexOf('-- The roll-up already taken, recomputed');
    expect(recompute).toBeGreaterThan(0);
    await cast.pool.query(migration.slice(recompute));
    expect(await sum()).toBe(20);
  });
});

describe('recurring decisions (FR-56…FR-58)', () => {
  it('S9 — the third "which supplier list is authoritative?" in 14 days carries "Asked 3 times" and a draft rule from the latest answer', async () => {
    const me = world(cast, await cast.newMember());
    const editor = await me.agent('Editor');
    const ops = await me.agent('Ops');
    const first = (await me.file(choice('Which supplier list is authoritative?', { agent: editor.id }))).body.decision.id;
    await me.answer(first, 1, { kind: 'decision', selected: [2] }, 'Ops owns it this quarter.');
    const second = (await me.file(choice('Which supplier list is AUTHORITATIVE?!', { agent: editor.id, session: await me.session() }))).body
      .decision.id;
    await me.answer(second, 1, { kind: 'decision', selected: [1] }, 'Finance keeps it current now.');
    const third = (await me.file(choice('which supplier list is authoritative', { agent: editor.id, session: await me.session() }))).body
      .decision.id;
    // The same question from another agent, and an old one, are not in the cluster.
    await me.file(choice('Which supplier list is authoritative?', { agent: ops.id }));

    const queue = await queueOf(me);
    const card = queue.decisions.find((decision) => decision.id === third)!;
    expect(card.askedTimes).toBe(3);
    expect(queue.decisions.filter((decision) => decision.id !== third).map((decision) => decision.askedTimes)).toEqual([null]);

    const detail = await me.send(decisionRoutes.getDecision, { params: { id: third } });
    expect(detail.detail.recurring).toEqual({
      count: 3,
      agent: { id: editor.id, name: 'Editor' },
      draftRule:
        'When you would ask "Which supplier list is AUTHORITATIVE?!", do not ask: the answer is "The finance list". Reason: Finance keeps it current now.',
      permission: null,
      // Issue 42 item 4: "Make this a rule", from the latest answer: option 1, for this agent's question.
      rule: {
        name: 'Answer “which supplier list is authoritative”',
        reason: 'Asked 3 times in 14 days; made from the latest answer.',
        conditions: { agent: editor.id, askKind: 'decision', cluster: `${editor.id}|decide|which supplier list is authoritative` },
        effect: { kind: 'choose', option: 1 },
      },
    });
    // Advisory only: nothing was answered, archived or hidden.
    expect(detail.decision.status).toBe('open');

    await cast.pool.query(`update decisions set created_at = now() - interval '15 days' where id = $1`, [first]);
    expect((await queueOf(me)).decisions.find((decision) => decision.id === third)?.askedTimes).toBeNull();
  });

  it('a 1,000-character question in 3-byte letters files, is kept, and clusters (the bad-input property test found one the index refused)', async () => {
    const me = world(cast, await cast.newMember());
    const editor = await me.agent('Editor');
    const prompt = (ending: string) => `${'待'.repeat(997)} ${ending}?`;
    const ids: string[] = [];
    for (const ending of ['1', '2', '3']) {
      const body = choice('Which wait?', { agent: editor.id, session: await me.session() });
      const filed = await me.file({ ...body, asks: [{ ...body.asks[0]!, prompt: prompt(ending) }] });
      expect(filed.status).toBe(201);
      ids.push(filed.body.decision.id);
    }
    const card = (await queueOf(me)).decisions.find((decision) => decision.id === ids[2])!;
    expect(card.askedTimes).toBe(3);
  });
});

describe('analytics', () => {
  it('reports decisions per day, time to decide, asks per decision, restart outcomes, the undo rate and band transitions', async () => {
    const me = world(cast, await cast.newMember());
    const id = (await me.file(choice('Which list?'))).body.decision.id;
    await me.decision(id); // the first human view
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    await me.delivered(id);
    await me.send(decisionRoutes.undoAnswer, { params: { id, ask: 1 }, body: {} });
    await rollUpHealth(cast.pool, me.member.workspaceId);
    const { analytics } = await me.send(analyticsRoutes.analytics, { query: { days: 7 } });
    expect(analytics.decisionsPerDay).toHaveLength(7);
    expect(analytics.decisionsPerDay.at(-1)?.opened).toBe(1);
    expect(analytics.timeToDecideMs.decided).toBe(0); // undone: no longer resolved
    expect(analytics.asksPerDecision).toBe(1);
    expect(analytics.restartOutcomes).toEqual({});
    expect(analytics.undo).toEqual({ answers: 1, undone: 1, rate: 1 });
    expect(analytics.bandTransitions).toEqual([expect.objectContaining({ from: null, to: 'healthy' })]);

    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    await me.delivered(id);
    const after = (await me.send(analyticsRoutes.analytics)).analytics;
    expect(after.timeToDecideMs.decided).toBe(1);
    expect(after.timeToDecideMs.p50).toBeGreaterThanOrEqual(0);
    expect(after.restartOutcomes).toEqual({ nothing: 1 });
    await expectProblem(await cast.request(me.member.token, 'GET', '/api/v1/analytics?days=0'), 400, 'invalid_request');
  });
});
