/**
 * Issue 31 item 9 at the API, for decisions agents file themselves: an approval answer may say
 * "always" ("Approve, and always allow"), but only on a card whose host keeps the rule — a
 * permission prompt filed with its `alwaysAllows` (test/api/host-prompts.test.ts). A decision an
 * agent filed offers none, and "always" never goes with a rejection: either is refused with
 * problem+json and records nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalAsk, world } from '../support/agent-world';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

async function openApproval() {
  const me = world(cast, await cast.newMember());
  const filed = await me.file({ question: 'Allow Bash?', context: 'touch a.txt', asks: [approvalAsk('touch a.txt')] });
  return { me, id: filed.body.decision.id };
}

describe('issue 31 item 9: an approve that says always', () => {
  it('is refused on a decision an agent filed (422 always_not_offered), and the decision stays open', async () => {
    const { me, id } = await openApproval();
    const response = await cast.request(me.member.token, 'POST', `/api/v1/decisions/${id}/asks/1/answer`, {
      answer: { kind: 'approval', decision: 'approve', always: true },
    });
    await expectProblem(response, 422, 'always_not_offered');
    const decision = await me.decision(id);
    expect(decision.status).toBe('open');
    expect(decision.asks[0]?.answer).toBeNull();
    await me.answer(id, 1, { kind: 'approval', decision: 'approve' });
    expect((await me.decision(id)).status).toBe('resolved');
  });

  it('is refused on a rejection (400 invalid_request, naming the field), and the decision stays open', async () => {
    const { me, id } = await openApproval();
    const response = await cast.request(me.member.token, 'POST', `/api/v1/decisions/${id}/asks/1/answer`, {
      answer: { kind: 'approval', decision: 'reject', always: true },
      reason: 'No.',
    });
    const problem = await expectProblem(response, 400, 'invalid_request');
    expect(JSON.stringify(problem)).toContain('always');
    expect((await me.decision(id)).status).toBe('open');
  });
});
