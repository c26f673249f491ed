/**
 * Approve with edits at the API (issue 43 item 6). A host that runs an edited call says so when
 * it files (`editable`, Claude Code's PermissionRequest); a person may then approve the call as
 * they edited it. The answer keeps the edit, the decision keeps the proposal, and the digest
 * bound to the answer is the edited input's, with the proposal's beside it. A card whose host
 * cannot run an edit (Codex, ACP, any agent's own approval), an ask several people must approve,
 * a rejection with an edit, and "always" with an edit are refused, and nothing changes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityRoutes } from '../../domain/routes/activity';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { digestOf } from '../../domain/provenance';
import { world } from '../support/agent-world';
import { agentTokenOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const proposal = { command: 'rm -rf build', description: 'Clean the build' };
const edited = { command: 'rm -rf build/cache', description: 'Clean the build' };

async function card(editable: boolean) {
  const member = await cast.newMember();
  const host = world(cast, await agentTokenOf(cast.pool, member, 'Claude Code'));
  const { decision } = await host.send(sessionRoutes.fileHostPrompt, {
    params: { id: randomUUID() },
    body: {
      kind: 'permission',
      tool: 'Bash',
      toolInput: proposal,
      requestId: `toolu_${randomUUID()}`,
      ...(editable ? { editable: true } : {}),
    },
  });
  return { member, me: world(cast, member), decision };
}

const answer = (token: string, id: string, body: unknown) => cast.request(token, 'POST', `/api/v1/decisions/${id}/asks/1/answer`, body);

describe('issue 43 item 6: approve with edits', () => {
  it('approves the edited call: the answer keeps the edit, the decision the proposal, the digest binds the edit', async () => {
    const { member, me, decision } = await card(true);
    expect(decision.source).toMatchObject({ kind: 'permission', editable: true, toolInput: proposal });
    const answered = await answer(member.token, decision.id, { answer: { kind: 'approval', decision: 'approve', editedInput: edited } });
    expect(answered.status).toBe(200);
    const { decision: after } = await me.send(decisionRoutes.getDecision, { params: { id: decision.id } });
    expect(after.status).toBe('resolved');
    expect(after.source).toMatchObject({ toolInput: proposal });
    expect(after.asks[0]!.answer).toMatchObject({
      value: { kind: 'approval', decision: 'approve', editedInput: edited },
      provenance: { digestOf: 'edited-input', inputDigest: digestOf(edited), proposedDigest: digestOf(proposal) },
    });
    const { activity } = await me.send(activityRoutes.listActivity, { query: { subject_kind: 'decision', subject_id: decision.id } });
    expect(activity.find((entry) => entry.kind === 'answered')?.detail).toMatchObject({
      provenance: { digestOf: 'edited-input', inputDigest: digestOf(edited) },
    });
  });

  it('refuses an edit where the host cannot run one, with a rejection, or with "always"; nothing changes', async () => {
    const { member, me, decision } = await card(false);
    await expectProblem(
      answer(member.token, decision.id, { answer: { kind: 'approval', decision: 'approve', editedInput: edited } }),
      422,
      'edit_not_offered',
    );
    const editable = await card(true);
    const reject = await answer(editable.member.token, editable.decision.id, {
      answer: { kind: 'approval', decision: 'reject', editedInput: edited },
    });
    expect(reject.status).toBe(400);
    const both = await answer(editable.member.token, editable.decision.id, {
      answer: { kind: 'approval', decision: 'approve', always: true, editedInput: edited },
    });
    expect(both.status).toBe(400);
    for (const [who, id] of [
      [me, decision.id],
      [editable.me, editable.decision.id],
    ] as const) {
      const { decision: still } = await who.send(decisionRoutes.getDecision, { params: { id } });
      expect(still.status).toBe('open');
      expect(still.asks[0]!.answer).toBeNull();
    }
  });
});
