/**
 * Undo (AW-03 §4.6, FR-37…FR-42, S6, E6, E7) on the real Temporal server and database: the
 * window is a durable timer in the decision workflow, injected short here.
 */
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { decisionWorkflowId } from '../../workflows/messages';
import { activityRoutes } from '../../domain/routes/activity';
import { decisionRoutes } from '../../domain/routes/decisions';
import { runRoutes } from '../../domain/routes/runs';
import { sessionRoutes } from '../../domain/routes/sessions';
import { taskRoutes } from '../../domain/routes/tasks';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { expectProblem, outcomeOf } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
let shortWindow: TestCast;
beforeAll(async () => {
  // A minute is long enough for any step here; the second Cast's window passes within a test.
  [cast, shortWindow] = await Promise.all([startTestCast({ undoWindowMs: 60_000 }), startTestCast({ undoWindowMs: 1500 })]);
});
afterAll(async () => {
  await Promise.all([cast?.stop(), shortWindow?.stop()]);
});

const context = 'The data feed we use went down twice this week; the vendor offers two paid tiers.';
type Me = ReturnType<typeof world>;
const undo = (me: Me, id: string, ask = 1) => me.send(decisionRoutes.undoAnswer, { params: { id, ask }, body: {} });
const runOf = async (me: Me, id: string) => (await me.send(runRoutes.getRun, { params: { id } })).run;
const messagesOf = (me: Me, session: string) => me.send(sessionRoutes.readMessages, { params: { id: session } });
const paneOf = (me: Me, id: string) => me.send(decisionRoutes.getDecision, { params: { id } });

/** A parked run's decision, approved and delivered: the answer restarted a new run. */
async function approvedAndRestarted(on: TestCast = cast) {
  const me = world(on, await on.newMember());
  const agent = await me.agent('Researcher');
  const session = await me.session(agent.id);
  const task = await me.task();
  const parked = await me.run(session, 'parked');
  const filed = await me.file({
    question: 'Spend $240 on the data feed?',
    context,
    asks: [approvalAsk()],
    session,
    run: parked.id,
    task: task.id,
    agent: agent.id,
  });
  const id = filed.body.decision.id;
  await me.answer(id, 1, { kind: 'approval', decision: 'approve' });
  const delivered = await me.delivered(id);
  expect(delivered.delivery).toMatchObject({ kind: 'restarted' });
  return { me, id, session, task, parked, restartedRunId: delivered.delivery!.runId! };
}

describe('undo within the window (S6)', () => {
  it('returns the ask to unanswered, reopens the decision, cancels the queued restart and tells the agent', async () => {
    const { me, id, session, task, parked, restartedRunId } = await approvedAndRestarted();
    const before = await paneOf(me, id);
    expect(before.detail.undo['1']).toMatchObject({ available: true });

    const undone = await undo(me, id);
    expect(undone.decision).toMatchObject({ status: 'open', resolvedAt: null, delivery: null, progress: { answered: 0, required: 1 } });
    const ask = undone.decision.asks[0]!;
    expect(ask).toMatchObject({ status: 'open', answer: null });
    // FR-42: the withdrawn answer stays in the record, with who gave it, who withdrew it and when.
    expect(ask.withdrawnAnswers).toHaveLength(1);
    expect(ask.withdrawnAnswers![0]).toMatchObject({
      value: { kind: 'approval', decision: 'approve' },
      answeredBy: me.member.memberId,
      withdrawnBy: me.member.memberId,
    });

    // FR-39: the restart had not begun, so it is cancelled and the conversation is parked again.
    expect((await runOf(me, restartedRunId)).status).toBe('cancelled');
    expect((await runOf(me, parked.id)).status).toBe('parked');
    // Reopened, it blocks its task again.
    expect((await me.send(taskRoutes.getTask, { params: { id: task.id } })).task.status).toBe('blocked');

    // FR-40: the withdrawal names what was withdrawn, in the session and on the task's thread.
    const withdrawal = 'The owner withdrew their earlier answer to "Approve a $240 spend on the data feed".';
    const messages = await messagesOf(me, session);
    expect(messages.messages.filter((message) => message.kind === 'withdrawal').map((message) => message.body)).toEqual([withdrawal]);
    const comments = await me.send(taskRoutes.listTaskComments, { params: { id: task.id } });
    expect(comments.comments).toEqual([expect.objectContaining({ body: withdrawal, decisionId: id })]);
    const history = await me.send(activityRoutes.listActivity, { query: { subject_kind: 'decision', subject_id: id } });
    expect(history.activity.map((entry) => entry.kind)).toContain('undone');

    // Answered again, it restarts the parked run afresh, with a new message.
    await me.answer(id, 1, { kind: 'approval', decision: 'reject' }, 'Not this quarter.');
    const again = await me.delivered(id);
    expect(again.delivery).toMatchObject({ kind: 'restarted' });
    expect(again.delivery!.runId).not.toBe(restartedRunId);
    const after = await messagesOf(me, session);
    expect(after.messages.filter((message) => message.kind === 'decision_answer')).toHaveLength(2);
  });

  it('undoes one answer of a decision still open, and says so in the session', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const filed = await me.file({ question: 'Set up the new data feed', context, asks: [approvalAsk(), tierAsk()], session });
    const id = filed.body.decision.id;
    await me.answer(id, 2, { kind: 'decision', selected: [2] });
    const undone = await undo(me, id, 2);
    expect(undone.decision).toMatchObject({ status: 'open', progress: { answered: 0, required: 2 } });
    expect(undone.decision.asks[1]).toMatchObject({ status: 'open', answer: null });
    const messages = await messagesOf(me, session);
    expect(messages.messages.map((message) => message.body)).toContain('The owner withdrew their earlier answer to "Which feed tier?".');
  });

  it('an answer injected into a live run is withdrawn there too; the live run keeps going', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const live = await me.run(session, 'running');
    const id = (await me.file({ question: 'Which tier?', context, asks: [tierAsk()], session, run: live.id })).body.decision.id;
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    expect((await me.delivered(id)).delivery).toMatchObject({ kind: 'injected' });
    await undo(me, id);
    const messages = await messagesOf(me, session);
    expect(messages.messages.map((message) => message.kind)).toEqual(['decision_answer', 'withdrawal']);
    expect((await runOf(me, live.id)).status).toBe('running');
  });
});

describe('when undo is refused', () => {
  it('E6 — the restarted run has begun: Undo is disabled with its reason and a request is refused', async () => {
    const { me, id, restartedRunId } = await approvedAndRestarted();
    await me.send(runRoutes.claimRun, { params: { id: restartedRunId }, body: {} });
    const pane = await paneOf(me, id);
    expect(pane.detail.undo['1']).toEqual({ available: false, reason: 'acted' });
    const refused = await expectProblem(undo(me, id), 409, 'undo_after_acting');
    expect(refused.detail).toBe('Researcher already acted on this. Undo cannot unsend or unspend.');
    expect((await me.decision(id)).status).toBe('resolved');
    expect((await runOf(me, restartedRunId)).status).toBe('running');
  });

  it('E7 — after the window: disabled with its reason, refused by the workflow and, once it has ended, by the row', async () => {
    const me = world(shortWindow, await shortWindow.newMember());
    const id = (await me.file({ question: 'Which tier?', context, asks: [tierAsk()] })).body.decision.id;
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const pane = await paneOf(me, id);
    expect(pane.detail.undo['1']).toEqual({ available: false, reason: 'window' });
    // The answer, who gave it and when are still shown.
    expect(pane.decision.asks[0]!.answer).toMatchObject({ answeredBy: me.member.memberId });
    const refused = await expectProblem(undo(me, id), 409, 'undo_window_passed');
    expect(refused.detail).toBe('The 10-minute undo window has passed.');
    expect((await me.decision(id)).status).toBe('resolved');

    // With its window closed the workflow ends; the row then explains the refusal alike.
    const connection = await Connection.connect({ address: inject('temporalAddress') });
    try {
      await new Client({ connection }).workflow.getHandle(decisionWorkflowId(id, cast.deployment)).result();
    } finally {
      await connection.close();
    }
    expect((await expectProblem(undo(me, id), 409, 'undo_window_passed')).detail).toBe('The 10-minute undo window has passed.');
  });

  it('refuses an ask with no answer, an archived decision, a bad position, and another workspace', async () => {
    const me = world(cast, await cast.newMember());
    const id = (await me.file({ question: 'Which tier?', context, asks: [tierAsk(), approvalAsk()] })).body.decision.id;
    await expectProblem(undo(me, id), 409, 'nothing_to_undo');
    await expectProblem(await cast.request(me.member.token, 'POST', `/api/v1/decisions/${id}/asks/0/undo`), 400, 'invalid_request');
    await expectProblem(
      await cast.request(me.member.token, 'POST', `/api/v1/decisions/${id}/asks/1/undo`, { force: true }),
      400,
      'invalid_request',
    );
    const stranger = await cast.newMember();
    await expectProblem(undo(world(cast, stranger), id), 404, 'decision_not_found');
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    await me.send(decisionRoutes.archiveDecision, { params: { id }, body: {} });
    await expectProblem(undo(me, id), 409, 'decision_archived');
    expect((await me.decision(id)).asks[0]!.answer).not.toBeNull();
  });
});

describe('races', () => {
  it('undo racing a host claiming the restart: exactly one of them wins, every time', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { me, id, restartedRunId } = await approvedAndRestarted();
      const [undone, claim] = await Promise.all([
        outcomeOf(me.reply(decisionRoutes.undoAnswer, { params: { id, ask: 1 }, body: {} })),
        outcomeOf(me.reply(runRoutes.claimRun, { params: { id: restartedRunId }, body: {} })),
      ]);
      const run = await runOf(me, restartedRunId);
      const decision = await me.decision(id);
      if (undone.status === 200) {
        expect(claim.status).toBe(409);
        expect({ run: run.status, decision: decision.status }).toEqual({ run: 'cancelled', decision: 'open' });
      } else {
        expect({ undo: undone.status, claim: claim.status }).toEqual({ undo: 409, claim: 200 });
        expect({ run: run.status, decision: decision.status }).toEqual({ run: 'running', decision: 'resolved' });
      }
    }
  });

  it('two undos of one answer at once: one lands, the other is refused', async () => {
    const { me, id } = await approvedAndRestarted();
    const replies = await Promise.all(
      [1, 2].map(() => outcomeOf(me.reply(decisionRoutes.undoAnswer, { params: { id, ask: 1 }, body: {} }))),
    );
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = replies.find((reply) => reply.status === 409)!;
    expect(['undo_in_progress', 'nothing_to_undo']).toContain(refused.code);
    expect((await me.decision(id)).asks[0]!.withdrawnAnswers).toHaveLength(1);
  });
});
