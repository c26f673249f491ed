/**
 * Issue 42 end to end at the API: every filing asks the workspace's rules first.
 *   - A rule that is on answers a host's permission prompt at once, on record: its answer names
 *     the rule and its revision, and the rule's page lists the hit beside that answer.
 *   - A rule in shadow answers nothing and records what it would have done beside what the person
 *     answered; turned on, it answers the next one.
 *   - A deny beats an approve (an admin's included), and its reason is the answer's reason.
 *   - "Approve, and always" on one machine answers the same call from another host session at
 *     once, with no card left open; a bulk answer (a stack's apply-defaults) makes no rule.
 *   - A route rule addresses what the agent addressed to nobody; a quorum rule raises approvers.
 *   - Tool grants are rules: an allow grant answers the agent's call, a deny grant refuses it.
 *   - Fail closed: a rule Cedar cannot read answers nothing, and the person is asked.
 * A real Temporal server and Postgres (test/support/test-cast.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRoutes } from '../../domain/routes/agents';
import { decisionRoutes } from '../../domain/routes/decisions';
import { ruleRoutes } from '../../domain/routes/rules';
import type { RuleEffect } from '../../domain/rules/rule-effect';
import { sessionRoutes } from '../../domain/routes/sessions';
import { stackRoutes } from '../../domain/routes/stacks';
import { teamRoutes } from '../../domain/routes/teams';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { agentTokenOf, colleagueOf } from '../support/members';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const context = 'Enough context for a person to answer without opening the session, which is the point.';

async function workspace() {
  const member = await cast.newMember();
  const claude = await agentTokenOf(cast.pool, member, 'Claude Code');
  return { member, me: world(cast, member), host: world(cast, claude) };
}

type World = Awaited<ReturnType<typeof workspace>>;

/** A host's permission prompt for `command`, from a session of its own (another machine's, say). */
async function prompt({ host }: World, command: string) {
  const { decision } = await host.send(sessionRoutes.fileHostPrompt, {
    params: { id: randomUUID() },
    body: { kind: 'permission', tool: 'Bash', toolInput: { command }, requestId: `toolu_${randomUUID()}` },
  });
  return decision;
}

const bashRule = (name: string, prefix: string, effect: RuleEffect, mode: 'on' | 'shadow' = 'on') => ({
  name,
  reason: 'Because it is so every time.',
  mode,
  conditions: { tool: { name: 'Bash', commandPrefix: prefix } },
  effect,
});

describe('issue 42: rules answer at filing', () => {
  it('a rule that is on answers a permission prompt at once, naming itself; its page lists the hit beside the answer', async () => {
    const w = await workspace();
    const { rule } = await w.me.send(ruleRoutes.createRule, { body: bashRule('tests may run', 'npm test', { kind: 'approve' }) });
    const decision = await prompt(w, 'npm test -- --run');
    expect(decision.status).toBe('resolved');
    expect(decision.asks[0]!.answer).toMatchObject({
      value: { kind: 'approval', decision: 'approve' },
      automatic: true,
      provenance: { actor: { kind: 'rule', id: rule.id, name: 'tests may run', revision: 1 }, channel: null },
    });
    // Something else is still the person's.
    expect((await prompt(w, 'npm publish')).status).toBe('open');

    const { hits } = await w.me.send(ruleRoutes.listRuleHits, { params: { id: rule.id } });
    expect(hits).toEqual([
      expect.objectContaining({
        decisionId: decision.id,
        position: 1,
        shadow: false,
        revision: 1,
        answered: 'Approved',
        answeredBy: `rule:${rule.id}`,
      }),
    ]);
    const listed = await w.me.send(decisionRoutes.listQueue, { query: { tab: 'answered', answeredBy: `rule:${rule.id}` } });
    expect(listed.decisions.map((one) => one.id)).toEqual([decision.id]);
  });

  it('a rule in shadow answers nothing and records what it would have done beside the person’s answer; turned on, it answers', async () => {
    const w = await workspace();
    const { rule } = await w.me.send(ruleRoutes.createRule, {
      body: bashRule('lint may run', 'npm run lint', { kind: 'approve' }, 'shadow'),
    });
    const first = await prompt(w, 'npm run lint');
    expect(first.status).toBe('open');
    await w.me.answer(first.id, 1, { kind: 'approval', decision: 'approve' });
    const { hits } = await w.me.send(ruleRoutes.listRuleHits, { params: { id: rule.id } });
    expect(hits).toEqual([
      expect.objectContaining({
        decisionId: first.id,
        shadow: true,
        effect: { kind: 'approve' },
        answered: 'Approved',
        answeredBy: w.member.memberId,
      }),
    ]);

    await w.me.send(ruleRoutes.updateRule, { params: { id: rule.id }, body: { mode: 'on' } });
    const second = await prompt(w, 'npm run lint');
    expect(second.status).toBe('resolved');
    expect(second.asks[0]!.answer!.provenance).toMatchObject({ actor: { kind: 'rule', id: rule.id, revision: 2 } });
  });

  it("a deny beats an approve, an admin's included, and its reason is the answer's", async () => {
    const w = await workspace();
    const dana = await colleagueOf(cast.pool, w.member, 'Dana', 'member');
    await w.me.send(ruleRoutes.createRule, { body: bashRule('git is fine', 'git', { kind: 'approve' }) });
    const reason = 'Never push from an agent: open a pull request instead.';
    const { rule: deny } = await cast.send(dana.token, ruleRoutes.createRule, {
      body: bashRule('never push', 'git push', { kind: 'deny', reason }),
    });
    const pushed = await prompt(w, 'git push --force');
    expect(pushed.status).toBe('resolved');
    expect(pushed.asks[0]!.answer).toMatchObject({
      value: { kind: 'approval', decision: 'reject' },
      reason,
      provenance: { actor: { id: deny.id } },
    });
    expect((await prompt(w, 'git status')).status).toBe('resolved');
  });

  it('"Approve, and always" on one machine answers the same call from another at once; a bulk answer makes no rule', async () => {
    const w = await workspace();
    const first = await prompt(w, 'touch a.txt');
    await w.me.answer(first.id, 1, { kind: 'approval', decision: 'approve', always: true });
    const again = await prompt(w, 'touch a.txt');
    expect(again.status).toBe('resolved');
    expect(again.asks[0]!.answer!.provenance).toMatchObject({ actor: { kind: 'rule', name: 'Always allow Bash(touch a.txt)' } });
    // Only that call: the same words with more after them still ask a person.
    expect((await prompt(w, 'touch a.txt; rm -rf ~')).status).toBe('open');
    const open = await w.me.send(decisionRoutes.listQueue, { query: {} });
    expect(open.decisions.map((one) => one.id)).not.toContain(again.id);

    const bulk = await workspace();
    const advisory = (await bulk.me.file({ question: 'Which feed tier?', context, asks: [tierAsk()], mode: 'advisory', defaultOption: 2 }))
      .body.decision;
    const { stack } = await bulk.me.send(stackRoutes.createStack, { body: { title: 'Feeds', decisions: [advisory.id] } });
    await bulk.me.send(stackRoutes.applyStackDefaults, { params: { id: stack.id }, body: {} });
    expect((await bulk.me.decision(advisory.id)).status).toBe('resolved');
    expect((await bulk.me.send(ruleRoutes.listRules)).rules).toEqual([]);
  });

  it('a route rule sends what the agent addressed to nobody to a team; a quorum rule raises the approvers, never lowers them', async () => {
    const w = await workspace();
    const { team } = await w.me.send(teamRoutes.createTeam, { body: { name: 'infra' } });
    const onBudgets = { askKind: 'approval' as const, approval: { action: 'override_budget' as const } };
    await w.me.send(ruleRoutes.createRule, {
      body: {
        name: 'budgets to infra',
        reason: 'Infra owns the budget.',
        mode: 'on',
        conditions: onBudgets,
        effect: { kind: 'route', to: 'team:infra' },
      },
    });
    await w.me.send(ruleRoutes.createRule, {
      body: {
        name: 'two for budgets',
        reason: 'Money needs two people.',
        mode: 'on',
        conditions: onBudgets,
        effect: { kind: 'approvers', required: 2 },
      },
    });
    const routed = (await w.me.file({ question: 'Spend $240 on the feed?', context, asks: [approvalAsk()] })).body.decision;
    expect(routed.links.assignee).toEqual({ kind: 'team', id: team.id });
    const ask = routed.asks[0]!;
    expect(ask.kind === 'approval' ? ask.quorum?.required : null).toBe(2);

    // The agent's own address stands, and its own three approvers are not lowered to two.
    const own = (
      await w.me.file({
        question: 'Spend $900 on the feed?',
        context,
        asks: [{ ...approvalAsk(), approvers: { required: 3 } }],
        to: `@${w.member.memberId}`,
      })
    ).body.decision;
    expect(own.links.assignee).toEqual({ kind: 'member', id: w.member.memberId });
    const ownAsk = own.asks[0]!;
    expect(ownAsk.kind === 'approval' ? ownAsk.quorum?.required : null).toBe(3);
  });

  it("tool grants are rules: an agent's allow grant answers its call at once, and its deny grant refuses it past any approve rule", async () => {
    const w = await workspace();
    const agentId = w.host.member.kind === 'agent' ? w.host.member.agentId : '';
    const analytics = (tool: string) =>
      w.host.send(sessionRoutes.fileHostPrompt, {
        params: { id: randomUUID() },
        body: { kind: 'permission', tool, toolInput: { sql: 'select 1' }, requestId: `toolu_${randomUUID()}` },
      });
    expect((await analytics('mcp__analytics__query')).decision.status).toBe('open');
    const { grant } = await w.me.send(agentRoutes.addGrant, {
      params: { id: agentId },
      body: { toolPattern: 'mcp__analytics__*', effect: 'allow' },
    });
    const { decision: allowed } = await analytics('mcp__analytics__query');
    expect(allowed.status).toBe('resolved');
    expect(allowed.asks[0]!.answer).toMatchObject({
      value: { kind: 'approval', decision: 'approve' },
      automatic: true,
      provenance: { actor: { kind: 'rule', id: grant.id, name: 'Tool grant: mcp__analytics__*' } },
    });
    // Another agent's call of the same tool is not this agent's grant.
    const other = world(cast, await agentTokenOf(cast.pool, w.member, 'Codex'));
    const { decision: others } = await other.send(sessionRoutes.fileHostPrompt, {
      params: { id: randomUUID() },
      body: { kind: 'permission', tool: 'mcp__analytics__query', toolInput: { sql: 'select 1' }, requestId: `toolu_${randomUUID()}` },
    });
    expect(others.status).toBe('open');

    await w.me.send(ruleRoutes.createRule, { body: bashRule('builds may run', 'make', { kind: 'approve' }) });
    expect((await prompt(w, 'make build')).status).toBe('resolved');
    await w.me.send(agentRoutes.addGrant, { params: { id: agentId }, body: { toolPattern: 'Bash', effect: 'deny' } });
    const denied = await prompt(w, 'make build');
    expect(denied.status).toBe('resolved');
    expect(denied.asks[0]!.answer).toMatchObject({
      value: { kind: 'approval', decision: 'reject' },
      reason: "This agent's tool grants deny Bash.",
      automatic: true,
    });

    // Removed, the grant answers nothing more; its rule is off at a new revision, kept for its answers.
    await w.me.send(agentRoutes.removeGrant, { params: { id: agentId, grantId: grant.id } });
    expect((await analytics('mcp__analytics__query')).decision.status).toBe('open');
    const { rule } = await w.me.send(ruleRoutes.getRule, { params: { id: grant.id } });
    expect(rule).toMatchObject({ mode: 'off', revision: 2 });
  });

  it('fails closed: a rule Cedar cannot read answers nothing, and the person is asked', async () => {
    const w = await workspace();
    const { rule } = await w.me.send(ruleRoutes.createRule, { body: bashRule('make may run', 'make', { kind: 'approve' }) });
    // A policy damaged where it is stored, past the validator that checked it on saving.
    await cast.pool.query(
      `update rules set cedar = 'permit (principal, action, resource) when { this is not cedar', revision = revision + 1, updated_at = now() where id = $1`,
      [rule.id],
    );
    const decision = await prompt(w, 'make build');
    expect(decision.status).toBe('open');
    expect(decision.asks[0]!.answer).toBeNull();
  });
});
