/**
 * "Approve, and always" at the API (issue 31 item 9, issue 42 item 4). An always-approval
 * leaves a rule in Cast, the approver's, on at once, so the same ask answers itself on every
 * machine and in every host: a host's Bash call by its exact command (the host's own setting is
 * still written by its hook), an agent's approval as the same agent asking the same question for
 * the same kind of action. Said twice, it is one rule; the decision's history names it. Where
 * Cast cannot say narrowly what "the same" is — an approval filed with no agent — "always" is
 * refused (422 always_not_offered), as it is with a rejection (400), and nothing is recorded.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityRoutes } from '../../domain/routes/activity';
import { ruleRoutes } from '../../domain/routes/rules';
import { sessionRoutes } from '../../domain/routes/sessions';
import { decisionFingerprint } from '../../domain/recurring';
import { approvalAsk, world } from '../support/agent-world';
import { agentTokenOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const always = { answer: { kind: 'approval', decision: 'approve', always: true } };
const context = 'Enough context for a person to answer without opening the session, which is the point.';

describe('issue 42 item 4: an approve that says always leaves a rule', () => {
  it("keeps a host's Bash call by its exact command, as the approver's rule, on at once; the history names it", async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const claude = world(cast, await agentTokenOf(cast.pool, member, 'Claude Code'));
    const { decision } = await claude.send(sessionRoutes.fileHostPrompt, {
      params: { id: randomUUID() },
      body: { kind: 'permission', tool: 'Bash', toolInput: { command: 'touch a.txt' }, requestId: `toolu_${randomUUID()}` },
    });
    const answered = await cast.request(member.token, 'POST', `/api/v1/decisions/${decision.id}/asks/1/answer`, always);
    expect(answered.status).toBe(200);

    const { rules } = await me.send(ruleRoutes.listRules);
    expect(rules).toEqual([
      expect.objectContaining({
        name: 'Always allow Bash(touch a.txt)',
        reason: `Approved with "always" on ${decision.id}.`,
        author: member.memberId,
        mode: 'on',
        revision: 1,
        conditions: { askKind: 'approval', tool: { name: 'Bash', command: 'touch a.txt' } },
        effect: { kind: 'approve' },
      }),
    ]);
    const { activity } = await me.send(activityRoutes.listActivity, { query: { subject_kind: 'decision', subject_id: decision.id } });
    expect(activity.find((entry) => entry.kind === 'rule_made')?.detail).toEqual({
      ask: 1,
      ruleId: rules[0]!.id,
      name: 'Always allow Bash(touch a.txt)',
    });
  });

  it("keeps an agent's approval as the same agent's same question for the same action; said twice, one rule", async () => {
    const me = world(cast, await cast.newMember());
    const ops = await me.agent('Ops');
    const file = async () =>
      (await me.file({ question: 'Deploy the docs site?', context, asks: [approvalAsk('Deploy docs to production')], agent: ops.id })).body
        .decision;
    const first = await file();
    const second = await file();
    for (const id of [first.id, second.id]) {
      expect((await cast.request(me.member.token, 'POST', `/api/v1/decisions/${id}/asks/1/answer`, always)).status).toBe(200);
    }
    const { rules } = await me.send(ruleRoutes.listRules);
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({
      mode: 'on',
      conditions: {
        agent: ops.id,
        askKind: 'approval',
        approval: { action: first.asks[0]!.kind === 'approval' ? first.asks[0]!.action.kind : '' },
        cluster: decisionFingerprint(first, ops.id),
      },
      effect: { kind: 'approve' },
    });
  });

  it('is refused on an approval filed with no agent (422 always_not_offered): nothing is answered, no rule is made', async () => {
    const me = world(cast, await cast.newMember());
    const id = (await me.file({ question: 'Allow Bash?', context: 'touch a.txt', asks: [approvalAsk('touch a.txt')] })).body.decision.id;
    await expectProblem(cast.request(me.member.token, 'POST', `/api/v1/decisions/${id}/asks/1/answer`, always), 422, 'always_not_offered');
    const decision = await me.decision(id);
    expect(decision.status).toBe('open');
    expect(decision.asks[0]?.answer).toBeNull();
    expect((await me.send(ruleRoutes.listRules)).rules).toEqual([]);
    await me.answer(id, 1, { kind: 'approval', decision: 'approve' });
    expect((await me.decision(id)).status).toBe('resolved');
  });

  it('is refused on a rejection (400 invalid_request, naming the field), and the decision stays open', async () => {
    const me = world(cast, await cast.newMember());
    const id = (await me.file({ question: 'Allow Bash?', context: 'touch a.txt', asks: [approvalAsk('touch a.txt')] })).body.decision.id;
    const response = await cast.request(me.member.token, 'POST', `/api/v1/decisions/${id}/asks/1/answer`, {
      answer: { kind: 'approval', decision: 'reject', always: true },
      reason: 'No.',
    });
    const problem = await expectProblem(response, 400, 'invalid_request');
    expect(JSON.stringify(problem)).toContain('always');
    expect((await me.decision(id)).status).toBe('open');
  });
});
