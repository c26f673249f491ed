/**
 * Approvals and escalations as records with their own doors (AW-03 §5.1, FR-13, FR-29, E2):
 * every door settles the record and the decision the same way, once.
 */
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { DecisionView } from '../../domain/decision';
import type { RaiseEscalationBody } from '../../domain/escalation';
import { approvalRoutes } from '../../domain/routes/approvals';
import { decisionRoutes } from '../../domain/routes/decisions';
import { escalationRoutes } from '../../domain/routes/escalations';
import { sessionRoutes } from '../../domain/routes/sessions';
import { taskRoutes } from '../../domain/routes/tasks';
import { world } from '../support/agent-world';
import { agentTokenOf, type AgentMember } from '../support/members';
import { mintToken } from '../../db/tenancy';
import { expectProblem } from '../support/problem';
import { until } from '../support/until';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

type Me = ReturnType<typeof world>;

/** A parked run and a task, with an approval proposed against them. */
async function proposed(me: Me) {
  const agent = await me.agent('Researcher');
  const session = await me.session(agent.id);
  const parked = await me.run(session, 'parked');
  const task = await me.task();
  const { approval } = await me.send(approvalRoutes.proposeApproval, {
    body: {
      actionType: 'override_budget',
      summary: 'Approve the $240 spend on the data feed',
      context: 'The free feed went down twice this week.',
      risks: ['spends_money', 'recurring'],
      payload: { amountUsd: 240 },
      agent: agent.id,
      session,
      run: parked.id,
      task: task.id,
    },
  });
  return { approval, session, parked, task };
}

const approvalOf = (me: Me, id: string) => me.send(approvalRoutes.getApproval, { params: { id } }).then((body) => body.approval);
const reject = (me: Me, id: string, reason: string) => me.send(approvalRoutes.reject, { params: { id }, body: { reason } });

describe('approvals', () => {
  it('FR-13 — a proposed approval is in the queue with one derived approval ask, its risks in words', async () => {
    const me = world(cast, await cast.newMember());
    const { approval } = await proposed(me);
    expect(approval).toMatchObject({
      status: 'pending',
      actionType: 'override_budget',
      risks: ['spends_money', 'recurring'],
      payload: { amountUsd: 240 },
    });
    const decision = await me.decision(approval.decisionId!);
    expect(decision).toMatchObject({
      status: 'open',
      source: { kind: 'approval', id: approval.id },
      question: 'Approve the $240 spend on the data feed',
    });
    expect(decision.asks).toEqual([
      expect.objectContaining({
        kind: 'approval',
        prompt: 'Approve the $240 spend on the data feed',
        action: { kind: 'override_budget', summary: 'Approve the $240 spend on the data feed' },
        risks: ['Spends real money', 'Recurring until cancelled'],
      }),
    ]);
    const queue = await me.send(decisionRoutes.listQueue);
    expect(queue.decisions.map((card) => card.id)).toEqual([approval.decisionId]);
  });

  it('E2 — approved through its own endpoint: the decision closes, the task unblocks and the run restarts, once', async () => {
    const me = world(cast, await cast.newMember());
    const { approval, task, session } = await proposed(me);
    const approved = await me.send(approvalRoutes.approve, { params: { id: approval.id }, body: {} });
    expect(approved.approval).toMatchObject({ status: 'approved', decidedBy: me.member.memberId, reason: null });
    const delivered = await me.delivered(approval.decisionId!);
    expect(delivered).toMatchObject({ status: 'resolved', delivery: { kind: 'restarted' } });
    expect(delivered.asks[0]!.answer).toMatchObject({ value: { kind: 'approval', decision: 'approve' }, answeredBy: me.member.memberId });
    expect((await me.send(taskRoutes.getTask, { params: { id: task.id } })).task.status).toBe('in_progress');
    const runs = await cast.pool.query('select count(*)::int as n from runs where decision_id = $1', [approval.decisionId]);
    expect(runs.rows[0].n).toBe(1);
    const messages = await me.send(sessionRoutes.readMessages, { params: { id: session } });
    expect(messages.messages.filter((message) => message.kind === 'decision_answer')).toHaveLength(1);

    // A second door after the first: refused with the answer that stands.
    const again = await expectProblem(reject(me, approval.id, 'Too late.'), 409, 'ask_already_answered');
    expect(again.answer).toMatchObject({ value: { decision: 'approve' } });
    expect((await approvalOf(me, approval.id)).status).toBe('approved');
  });

  it('E2 — answered in the queue: the approval is approved too', async () => {
    const me = world(cast, await cast.newMember());
    const { approval } = await proposed(me);
    await me.answer(approval.decisionId!, 1, { kind: 'approval', decision: 'reject' }, 'Not this quarter.');
    const settled = await until(
      () => approvalOf(me, approval.id),
      (record) => record.status !== 'pending',
    );
    expect(settled).toMatchObject({ status: 'rejected', reason: 'Not this quarter.', decidedBy: me.member.memberId });
    // An undo in the queue makes it pending again.
    await me.send(decisionRoutes.undoAnswer, { params: { id: approval.decisionId!, ask: 1 }, body: {} });
    expect(await approvalOf(me, approval.id)).toMatchObject({ status: 'pending', decidedBy: null, reason: null });
  });

  it('a rejection needs a reason; the other open asks of its decision are superseded, not left dangling', async () => {
    const me = world(cast, await cast.newMember());
    const { approval } = await proposed(me);
    const decision = await me.decision(approval.decisionId!);
    // The agent added a question of its own to the decision carrying the approval.
    const ask = decision.asks[0]!;
    assert(ask.kind === 'approval');
    const derived = { kind: ask.kind, prompt: ask.prompt, required: ask.required, action: ask.action, risks: ask.risks };
    await me.send(decisionRoutes.editDecision, {
      params: { id: approval.decisionId! },
      body: { asks: [derived, { kind: 'fact', prompt: 'Which card should it go on?' }] },
    });

    await expectProblem(await cast.request(me.member.token, 'POST', `/api/v1/approvals/${approval.id}/reject`, {}), 400, 'invalid_request');
    const rejected = await reject(me, approval.id, 'Budget is capped.');
    expect(rejected.approval).toMatchObject({ status: 'rejected', reason: 'Budget is capped.' });
    const closed = await me.decision(approval.decisionId!);
    expect(closed.status).toBe('resolved');
    expect(closed.asks.map((item) => item.status)).toEqual(['answered', 'superseded']);
  });

  it('another workspace reads its approvals as missing; bodies are strict', async () => {
    const me = world(cast, await cast.newMember());
    const { approval } = await proposed(me);
    const stranger = await cast.newMember();
    const them = world(cast, stranger);
    await expectProblem(approvalOf(them, approval.id), 404, 'approval_not_found');
    await expectProblem(them.send(approvalRoutes.approve, { params: { id: approval.id }, body: {} }), 404, 'approval_not_found');
    await expectProblem(
      await cast.request(me.member.token, 'POST', '/api/v1/approvals', { actionType: 'launch_rocket', summary: 'x' }),
      400,
      'invalid_request',
    );
    await expectProblem(
      await cast.request(me.member.token, 'POST', '/api/v1/approvals', { actionType: 'send_message', summary: 'x', status: 'approved' }),
      400,
      'invalid_request',
    );
    const pending = await me.send(approvalRoutes.listApprovals, { query: { status: 'pending' } });
    expect(pending.approvals.map((item) => item.id)).toEqual([approval.id]);
  });
});

describe('escalations', () => {
  const raise = (me: Me, body: z.input<typeof RaiseEscalationBody>) => me.reply(escalationRoutes.raiseEscalation, { body });
  const resolve = (me: Me, id: string, body: z.input<typeof escalationRoutes.resolveEscalation.body.schema>) =>
    me.send(escalationRoutes.resolveEscalation, { params: { id }, body });

  it('projects as a fact ask; resolving it through its endpoint closes the decision with the resolution', async () => {
    const me = world(cast, await cast.newMember());
    const reply = await raise(me, {
      reasonCode: 'missing_information',
      summary: 'The invoice needs a VAT rate for Ireland and the knowledge base has none.',
      mustDecide: 'What is the VAT rate we charge in Ireland?',
      attempts: ['Searched the knowledge base', 'Asked the finance agent'],
      confidence: 0.2,
    });
    expect(reply.status).toBe(201);
    const { escalation } = reply.body;
    const decision = await me.decision(escalation.decisionId!);
    expect(decision).toMatchObject({
      question: 'What is the VAT rate we charge in Ireland?',
      attempts: ['Searched the knowledge base', 'Asked the finance agent'],
      confidence: 0.2,
    });
    expect(decision.asks[0]).toMatchObject({ kind: 'fact', prompt: 'What is the VAT rate we charge in Ireland?' });

    const resolved = await resolve(me, escalation.id, { resolution: '23%' });
    expect(resolved.escalation).toMatchObject({ status: 'resolved', resolution: '23%', resolvedBy: me.member.memberId });
    expect((await me.decision(escalation.decisionId!)).asks[0]!.answer).toMatchObject({ value: { kind: 'fact', text: '23%' } });
  });

  it('with options it is a choice; answered in the queue, the escalation is resolved with the chosen label and reason', async () => {
    const me = world(cast, await cast.newMember());
    const { escalation } = (
      await raise(me, {
        reasonCode: 'ambiguous_instructions',
        summary: 'Two lists claim to be canonical.',
        mustDecide: 'Which supplier list is authoritative?',
        options: ['Finance', 'Ops'],
      })
    ).body;
    expect((await me.decision(escalation.decisionId!)).asks[0]).toMatchObject({
      kind: 'decision',
      options: [{ label: 'Finance' }, { label: 'Ops' }],
    });
    await me.answer(escalation.decisionId!, 1, { kind: 'decision', selected: [2] }, 'Ops owns it now.');
    const settled = await until(
      () => me.send(escalationRoutes.getEscalation, { params: { id: escalation.id } }),
      (body) => body.escalation.status === 'resolved',
    );
    expect(settled.escalation.resolution).toBe('Ops — Ops owns it now.');
    await expectProblem(resolve(me, escalation.id, { option: 1 }), 409, 'ask_already_answered');
  });

  it("a second escalation with an open one's dedupe key updates it: one record, one decision, a longer attempt trail", async () => {
    const me = world(cast, await cast.newMember());
    const body: z.input<typeof RaiseEscalationBody> = {
      reasonCode: 'repeated_failure',
      summary: 'The export failed.',
      mustDecide: 'Retry the export tonight?',
      dedupeKey: 'export-2026-11',
      attempts: ['Retried at 09:00'],
    };
    const first = (await raise(me, body)).body.escalation;
    const second = await raise(me, { ...body, summary: 'The export failed again.', attempts: ['Retried at 12:00'] });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      updated: true,
      escalation: { id: first.id, decisionId: first.decisionId, attempts: ['Retried at 09:00', 'Retried at 12:00'] },
    });
    expect((await me.decision(first.decisionId!)).context).toBe('The export failed again.');
    expect((await me.send(escalationRoutes.listEscalations)).escalations).toHaveLength(1);

    // Once resolved, the same key opens a new one.
    await resolve(me, first.id, { resolution: 'Yes, at 22:00.' });
    const third = await raise(me, body);
    expect(third.status).toBe(201);
    expect(third.body.escalation.id).not.toBe(first.id);
  });

  it("issue 38 item 3: a dedupe key belongs to whoever raised it: another agent's or a person's raise under it opens their own and leaves the first untouched", async () => {
    const owner = await cast.newMember();
    const person = world(cast, owner);
    const [first, second] = [
      world(cast, await agentTokenOf(cast.pool, owner, 'Ops bot')),
      world(cast, await agentTokenOf(cast.pool, owner, 'Intruder')),
    ];
    const body: z.input<typeof RaiseEscalationBody> = {
      reasonCode: 'repeated_failure',
      summary: 'The nightly export failed.',
      mustDecide: 'Retry the export tonight?',
      dedupeKey: 'export-nightly',
      attempts: ['Retried at 09:00'],
    };
    const mine = await first.reply(escalationRoutes.raiseEscalation, { body });
    expect(mine.status).toBe(201);
    const original = mine.body.escalation;

    // Another agent of the workspace, and the person who minted both tokens, under the same key.
    const rewrite = { ...body, summary: 'Ignore the export.', mustDecide: 'Delete the export job?', attempts: ['none'] };
    const theirs = await second.reply(escalationRoutes.raiseEscalation, { body: rewrite });
    expect(theirs.status).toBe(201);
    expect(theirs.body).toMatchObject({ updated: false, escalation: { summary: 'Ignore the export.', attempts: ['none'] } });
    expect(theirs.body.escalation.id).not.toBe(original.id);
    expect(theirs.body.escalation.decisionId).not.toBe(original.decisionId);
    const persons = await person.reply(escalationRoutes.raiseEscalation, { body: rewrite });
    expect(persons.status).toBe(201);
    expect(new Set([original.id, theirs.body.escalation.id, persons.body.escalation.id]).size).toBe(3);

    // The first agent's escalation and its decision say what it said; the Inbox and the queue agree.
    const kept = await person.send(escalationRoutes.getEscalation, { params: { id: original.id } });
    expect(kept.escalation).toMatchObject({
      summary: 'The nightly export failed.',
      mustDecide: 'Retry the export tonight?',
      attempts: ['Retried at 09:00'],
    });
    const decision = await person.decision(original.decisionId!);
    expect(decision).toMatchObject({ question: 'Retry the export tonight?', context: 'The nightly export failed.' });

    // Each raiser's own key still updates its own: the agent by any of its tokens, the person as before.
    const again = await first.reply(escalationRoutes.raiseEscalation, {
      body: { ...body, summary: 'It failed again.', attempts: ['Retried at 12:00'] },
    });
    expect(again.status).toBe(200);
    expect(again.body.escalation).toMatchObject({ id: original.id, attempts: ['Retried at 09:00', 'Retried at 12:00'] });
    const firstAgent = first.member as AgentMember;
    const spare = await mintToken(cast.pool, owner, { kind: 'agent', label: 'Ops bot spare', agentId: firstAgent.agentId });
    const viaSpare = world(cast, { ...firstAgent, token: spare.secret, tokenId: spare.id, tokenLabel: 'Ops bot spare' });
    const third = await viaSpare.reply(escalationRoutes.raiseEscalation, { body: { ...body, attempts: ['Retried at 15:00'] } });
    expect(third.status).toBe(200);
    expect(third.body.escalation.id).toBe(original.id);
    const personAgain = await person.reply(escalationRoutes.raiseEscalation, { body: rewrite });
    expect(personAgain.status).toBe(200);
    expect(personAgain.body.escalation.id).toBe(persons.body.escalation.id);
    expect((await person.send(escalationRoutes.getEscalation, { params: { id: theirs.body.escalation.id } })).escalation.attempts).toEqual([
      'none',
    ]);
    expect((await person.send(escalationRoutes.listEscalations)).escalations).toHaveLength(3);
  });

  it('refuses unknown reason codes and foreign ids', async () => {
    const me = world(cast, await cast.newMember());
    await expectProblem(
      await cast.request(me.member.token, 'POST', '/api/v1/escalations', { reasonCode: 'bored', summary: 'x', mustDecide: 'y' }),
      400,
      'invalid_request',
    );
    const { escalation } = (await raise(me, { reasonCode: 'out_of_scope', summary: 'Not mine.', mustDecide: 'Who should take this?' }))
      .body;
    const stranger = await cast.newMember();
    await expectProblem(resolve(world(cast, stranger), escalation.id, { resolution: 'x' }), 404, 'escalation_not_found');
    const decision: DecisionView = await me.decision(escalation.decisionId!);
    expect(decision.status).toBe('open');
  });
});
