/**
 * Issue 41 items 3, 4 through the API: the workspace's approval settings (who may change them, bad
 * input refused whole), an agent's approval that needs two people with the asker barred, the
 * record's own door counting approvals too, and 20 people approving a 2-of-3 ask at once — it
 * resolves exactly once, with exactly two approvals counted and every other answer a clean 409.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalRoutes } from '../../domain/routes/approvals';
import { approvalSettingsRoutes } from '../../domain/routes/approval-settings';
import { decisionRoutes } from '../../domain/routes/decisions';
import { world } from '../support/agent-world';
import { agentTokenOf, colleagueOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const PATH = '/api/v1/settings/approvals';
const context = 'The feed costs $240 a month; the agent has a budget of $200 and asks to go over it.';
const spend = (required?: number) => ({
  kind: 'approval' as const,
  prompt: 'Go $40 over budget for the data feed?',
  action: { kind: 'override_budget' as const, summary: 'Subscribe to the $240 data feed' },
  risks: ['Spends real money'],
  ...(required ? { approvers: { required } } : {}),
});
const APPROVE = { answer: { kind: 'approval', decision: 'approve' } };

describe('issue 41: the approval settings', () => {
  it('read every action kind and risk at one approver, anyone; a change replaces the whole setting', async () => {
    const owner = await cast.newMember();
    const me = world(cast, owner);
    const { settings } = await me.send(approvalSettingsRoutes.getApprovalSettings);
    expect(settings.actions.override_budget).toEqual({ minimumApprovers: 1, separationOfDuties: false });
    expect(settings.risks.irreversible).toEqual({ minimumApprovers: 1, separationOfDuties: false });

    const changed = await me.send(approvalSettingsRoutes.replaceApprovalSettings, {
      body: {
        actions: { override_budget: { minimumApprovers: 2, separationOfDuties: true } },
        risks: { irreversible: { minimumApprovers: 3, separationOfDuties: false } },
      },
    });
    expect(changed.settings.actions.override_budget).toEqual({ minimumApprovers: 2, separationOfDuties: true });
    expect(changed.settings.risks.irreversible).toEqual({ minimumApprovers: 3, separationOfDuties: false });
    expect(changed.settings.actions.spawn_agent).toEqual({ minimumApprovers: 1, separationOfDuties: false });
    expect((await me.send(approvalSettingsRoutes.getApprovalSettings)).settings).toEqual(changed.settings);
    // The whole setting: what the next body leaves out goes back to its default.
    const reset = await me.send(approvalSettingsRoutes.replaceApprovalSettings, { body: { actions: {} } });
    expect(reset.settings).toEqual(settings);
  });

  it('bad input is refused and changes nothing; only settings.manage changes it, every member reads it', async () => {
    const owner = await cast.newMember();
    const member = await colleagueOf(cast.pool, owner, 'Mo', 'member');
    const viewer = await colleagueOf(cast.pool, owner, 'Vic', 'viewer');
    const admin = await colleagueOf(cast.pool, owner, 'Ada', 'admin');
    for (const bad of [
      { actions: { override_budget: { minimumApprovers: 0, separationOfDuties: false } } },
      { actions: { override_budget: { minimumApprovers: 10, separationOfDuties: false } } },
      { actions: { override_budget: { minimumApprovers: 1.5, separationOfDuties: false } } },
      { actions: { override_budget: { minimumApprovers: 2 } } },
      { actions: { launch_rockets: { minimumApprovers: 2, separationOfDuties: false } } },
      { risks: { scary: { minimumApprovers: 2, separationOfDuties: false } } },
      { actions: {}, everyone: true },
      [],
    ]) {
      await expectProblem(await cast.request(owner.token, 'PUT', PATH, bad), 400, 'invalid_request');
    }
    const good = { actions: { send_message: { minimumApprovers: 2, separationOfDuties: false } } };
    for (const refused of [member, viewer]) {
      await expectProblem(await cast.request(refused.token, 'PUT', PATH, good), 403, 'forbidden_for_role');
      expect((await cast.request(refused.token, 'GET', PATH)).status).toBe(200);
    }
    const agent = await agentTokenOf(cast.pool, owner);
    await expectProblem(await cast.request(agent.token, 'PUT', PATH, good), 403, 'forbidden_for_agent');
    const read = (await (await cast.request(owner.token, 'GET', PATH)).json()) as { settings: { actions: Record<string, unknown> } };
    expect(read.settings.actions.send_message).toEqual({ minimumApprovers: 1, separationOfDuties: false });
    expect((await cast.request(admin.token, 'PUT', PATH, good)).status).toBe(200);
  });
});

describe('issue 41 items 3, 4: an approval that needs two people, the asker barred', () => {
  it('the asker cannot approve their own agent’s request; two others can, once each; undo is each one’s own', async () => {
    const owner = await cast.newMember();
    const me = world(cast, owner);
    await me.send(approvalSettingsRoutes.replaceApprovalSettings, {
      body: { actions: { override_budget: { minimumApprovers: 2, separationOfDuties: true } } },
    });
    const agent = world(cast, await agentTokenOf(cast.pool, owner, 'Buyer'));
    const dana = await colleagueOf(cast.pool, owner, 'Dana');
    const eli = await colleagueOf(cast.pool, owner, 'Eli');
    // The agent asks for one approver; the workspace's minimum makes it two.
    const filed = await agent.file({ question: 'Go over budget?', context, asks: [spend(1)] });
    expect(filed.status).toBe(201);
    const id = filed.body.decision.id;
    expect(filed.body.decision.asks[0]).toMatchObject({ quorum: { required: 2, barred: owner.memberId, approvals: [] } });

    const path = `/api/v1/decisions/${id}/asks/1/answer`;
    const own = await expectProblem(await cast.request(owner.token, 'POST', path, APPROVE), 403, 'separation_of_duties');
    expect(own.detail).toMatch(/your own agent/);
    const first = await cast.request(dana.token, 'POST', `${path}?detail=true`, APPROVE);
    expect(first.status).toBe(200);
    const body = (await first.json()) as { decision: { status: string; asks: unknown[] }; detail: { members: Record<string, string> } };
    expect(body.decision.status).toBe('open');
    expect(body.decision.asks[0]).toMatchObject({ status: 'open', quorum: { approvals: [{ by: dana.memberId, channel: 'api' }] } });
    // Each approver is named, and the barred member too: the card says who approved and who may not.
    expect(body.detail.members).toMatchObject({ [dana.memberId]: 'Dana', [owner.memberId]: expect.any(String) });
    await expectProblem(await cast.request(dana.token, 'POST', path, APPROVE), 409, 'already_approved');
    await expectProblem(await cast.request(eli.token, 'POST', `/api/v1/decisions/${id}/asks/1/undo`, {}), 409, 'nothing_to_undo');

    const second = await world(cast, eli).answer(id, 1, { kind: 'approval', decision: 'approve' });
    expect(second.status).toBe(200);
    expect(second.body.decision).toMatchObject({
      status: 'resolved',
      asks: [{ status: 'answered', answer: { answeredBy: eli.memberId } }],
    });
    // Dana takes hers back: open again, Eli's approval still counted.
    const undone = await world(cast, dana).send(decisionRoutes.undoAnswer, { params: { id, ask: 1 }, body: {} });
    expect(undone.decision).toMatchObject({ status: 'open', asks: [{ status: 'open', quorum: { approvals: [{ by: eli.memberId }] } }] });
    const activity = await cast.pool.query<{ kind: string; detail: Record<string, unknown> }>(
      `select kind, detail from activity where subject_kind = 'decision' and subject_id = $1 and kind in ('answered', 'resolved', 'undone') order by seq`,
      [id],
    );
    expect(activity.rows.map((row) => row.kind)).toEqual(['answered', 'answered', 'resolved', 'undone']);
    expect(activity.rows[0]!.detail).toMatchObject({ ask: 1, approvals: 1, required: 2, partial: true });
    expect(activity.rows[3]!.detail).toMatchObject({ ask: 1 });
  });

  it("an approval record's own door counts approvals too, and settles the record on the last one", async () => {
    const owner = await cast.newMember();
    const me = world(cast, owner);
    await me.send(approvalSettingsRoutes.replaceApprovalSettings, {
      body: { risks: { external_reach: { minimumApprovers: 2, separationOfDuties: false } } },
    });
    const { approval } = await me.send(approvalRoutes.proposeApproval, {
      body: { actionType: 'send_message', summary: 'Email 4,000 customers', risks: ['external_reach'] },
    });
    const dana = world(cast, await colleagueOf(cast.pool, owner, 'Dana'));
    const first = await dana.send(approvalRoutes.approve, { params: { id: approval.id }, body: {} });
    expect(first.approval.status).toBe('pending');
    const again = await cast.request(
      (await colleagueOf(cast.pool, owner, 'Eli')).token,
      'POST',
      `/api/v1/approvals/${approval.id}/approve`,
      {},
    );
    expect(again.status).toBe(200);
    expect(((await again.json()) as { approval: { status: string } }).approval.status).toBe('approved');
  });
});

describe('issue 41 item 3: 20 people approve a 2-of-3 ask at once', () => {
  it('it resolves exactly once with exactly two approvals; every other answer is refused with a 409, none with a 5xx', async () => {
    const owner = await cast.newMember();
    const me = world(cast, owner);
    const people = await Promise.all(Array.from({ length: 20 }, (_, index) => colleagueOf(cast.pool, owner, `Approver ${index + 1}`)));
    const filed = await me.file({ question: `Two of three? ${randomUUID()}`, context, asks: [spend(2)] });
    const id = filed.body.decision.id;
    const path = `/api/v1/decisions/${id}/asks/1/answer`;

    // Each a client that does what the API asks of a busy workflow, a full write queue or an
    // update that reached the workflow after the API gave up (503 `temporal_busy`, `overloaded`,
    // `request_expired`: nothing was changed): try again after its Retry-After, same Idempotency-Key.
    const answerOnce = async (token: string): Promise<{ status: number; code: string | null }> => {
      const key = randomUUID();
      for (let attempt = 0; ; attempt++) {
        const response = await fetch(`${cast.url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify(APPROVE),
        });
        const body = (await response.json()) as { code?: string };
        const retryable = response.status === 503 && ['temporal_busy', 'overloaded', 'request_expired'].includes(body.code ?? '');
        if (retryable && attempt < 60) {
          const seconds = Number(response.headers.get('retry-after'));
          await new Promise((resolve) => setTimeout(resolve, seconds > 0 ? seconds * 1000 : 200));
          continue;
        }
        return { status: response.status, code: body.code ?? null };
      }
    };
    const outcomes = await Promise.all(people.map((person) => answerOnce(person.token)));
    expect(outcomes.filter((outcome) => outcome.status >= 500)).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.status === 200)).toHaveLength(2);
    const refused = outcomes.filter((outcome) => outcome.status !== 200);
    expect(refused).toHaveLength(18);
    for (const outcome of refused) {
      expect(outcome.status).toBe(409);
      expect(['ask_already_answered', 'decision_not_open']).toContain(outcome.code);
    }

    const decision = await me.decision(id);
    expect(decision.status).toBe('resolved');
    const ask = decision.asks[0] as { quorum?: { approvals: Array<{ by: string }> }; answer: { answeredBy: string } | null };
    expect(ask.quorum?.approvals).toHaveLength(2);
    expect(new Set(ask.quorum?.approvals.map((approval) => approval.by)).size).toBe(2);
    expect(ask.quorum?.approvals.map((approval) => approval.by)).toContain(ask.answer?.answeredBy);
    // Each counted approval is on record, once, and the resolution once: the mirror writes in order.
    const { rows } = await cast.pool.query<{ kind: string; n: number }>(
      `select kind, count(*)::int as n from activity where subject_kind = 'decision' and subject_id = $1 and kind in ('answered', 'resolved') group by kind`,
      [id],
    );
    expect(Object.fromEntries(rows.map((row) => [row.kind, row.n]))).toEqual({ answered: 2, resolved: 1 });
  });
});
