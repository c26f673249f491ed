/**
 * Issue 31 item 9 at the API: an approval answer may say "always" — "Allow, and always allow this
 * in the project", which the Claude Code PermissionRequest door turns into an allow rule. It goes
 * only with approve: "always" on a rejection is refused with problem+json and records nothing.
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
  it('is recorded with the answer, which the hook reads', async () => {
    const { me, id } = await openApproval();
    await me.answer(id, 1, { kind: 'approval', decision: 'approve', always: true });
    const decision = await me.decision(id);
    expect(decision.status).toBe('resolved');
    expect(decision.asks[0]?.answer?.value).toEqual({ kind: 'approval', decision: 'approve', always: true });
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
