/**
 * The decision lifecycle of AW-03 §3 on the real Temporal server and database: typed asks,
 * reasons, access checks, the over-limit note, and the answer reaching the agent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colleagueOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { RESTART_UNAVAILABLE } from '../../activities/deliver-decision';
import { accessAsk, approvalAsk, tierAsk, world } from '../support/agent-world';
import { startTestCast, type TestCast } from '../support/test-cast';
import { activityRoutes } from '../../domain/routes/activity';
import { agentRoutes } from '../../domain/routes/agents';
import { decisionRoutes } from '../../domain/routes/decisions';
import { runRoutes } from '../../domain/routes/runs';
import { sessionRoutes } from '../../domain/routes/sessions';
import { taskRoutes } from '../../domain/routes/tasks';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast();
});
afterAll(() => cast?.stop());

const context = 'The data feed we use went down twice this week; the vendor offers two paid tiers.';

describe('answering typed asks', () => {
  it('S2 — a single approval, answered at once, closes the decision and restarts the parked run', async () => {
    const me = world(cast, await cast.newMember());
    const agent = await me.agent('Researcher');
    const session = await me.session(agent.id);
    const parked = await me.run(session, 'parked');
    const filed = await me.file({ question: 'Spend $240 on the data feed?', context, asks: [approvalAsk()], session, run: parked.id });
    expect(filed.status).toBe(201);

    const answered = await me.answer(filed.body.decision.id, 1, { kind: 'approval', decision: 'approve' });
    expect(answered.body.decision).toMatchObject({ status: 'resolved', progress: { answered: 1, required: 1 } });

    const delivered = await me.delivered(filed.body.decision.id);
    expect(delivered.delivery).toMatchObject({ kind: 'restarted', otherBlockers: 0 });
    const pane = await me.send(decisionRoutes.getDecision, { params: { id: filed.body.decision.id } });
    expect(pane.detail.lines.delivery).toBe('Researcher is picking the work back up.');
    const restarted = await me.send(runRoutes.getRun, { params: { id: delivered.delivery!.runId! } });
    expect(restarted.run).toMatchObject({ status: 'ready', sessionId: session, restartedFrom: parked.id });
    // The restarted run starts from the approval, in the same conversation (FR-32).
    const messages = await me.send(sessionRoutes.readMessages, { params: { id: session } });
    const seed = messages.messages.find((message) => message.seq === restarted.run.seedMessageSeq);
    expect(seed?.kind).toBe('decision_answer');
    expect(seed?.body).toContain('Approved');
    expect(seed?.body).toContain(`<cast-decision id="${filed.body.decision.id}" question="Spend $240 on the data feed?" />`);
  });

  it('S3 — three typed asks: two answers leave it open and the task blocked; the third folds all three into one message', async () => {
    const me = world(cast, await cast.newMember());
    const agent = await me.agent();
    const session = await me.session(agent.id);
    const task = await me.task();
    const parked = await me.run(session, 'parked');
    const filed = await me.file({
      question: 'Set up the new data feed',
      context,
      asks: [approvalAsk(), tierAsk(), accessAsk()],
      session,
      run: parked.id,
      task: task.id,
    });
    const id = filed.body.decision.id;
    expect((await me.send(taskRoutes.getTask, { params: { id: task.id } })).task.status).toBe('blocked');

    await me.answer(id, 1, { kind: 'approval', decision: 'approve' });
    const two = await me.answer(id, 2, { kind: 'decision', selected: [2] });
    expect(two.body.decision).toMatchObject({ status: 'open', progress: { answered: 2, required: 3 } });
    expect((await me.send(taskRoutes.getTask, { params: { id: task.id } })).task.status).toBe('blocked');

    const pane = await me.send(decisionRoutes.getDecision, { params: { id } });
    expect(pane.detail.pickup).toBe('restart');
    expect(pane.detail.lines.pending).toBe(`One more and ${agent.name} picks this up where it stopped.`);
    expect(pane.detail.task?.status).toBe('blocked');

    const three = await me.answer(id, 3, { kind: 'access', granted: true });
    expect(three.body.decision).toMatchObject({ status: 'resolved' });
    const delivered = await me.delivered(id);
    expect(delivered.delivery?.kind).toBe('restarted');
    expect((await me.send(taskRoutes.getTask, { params: { id: task.id } })).task.status).toBe('in_progress');

    const { messages } = await me.send(sessionRoutes.readMessages, { params: { id: session } });
    const answers = messages.filter((message) => message.kind === 'decision_answer');
    expect(answers).toHaveLength(1);
    expect(answers[0]!.body).toContain('Answer: Approved');
    expect(answers[0]!.body).toContain('Answer: Pro');
    expect(answers[0]!.body).toContain('Answer: Access granted');
  });

  it('S4 — a rejection needs a reason, and the reason reaches the agent verbatim', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const filed = await me.file({
      question: 'Send the customer the apology email?',
      context,
      asks: [approvalAsk('Send the apology email to ACME')],
      session,
    });
    const id = filed.body.decision.id;

    await expectProblem(me.answer(id, 1, { kind: 'approval', decision: 'reject' }), 422, 'reason_required');
    expect((await me.decision(id)).status).toBe('open');

    const reason = 'Legal has not cleared the wording yet.';
    await me.answer(id, 1, { kind: 'approval', decision: 'reject' }, reason);
    await me.delivered(id);
    const { messages } = await me.send(sessionRoutes.readMessages, { params: { id: session } });
    expect(messages.at(-1)?.body).toContain(`Reason: ${reason}`);
    expect(messages.at(-1)?.body).toContain('Answer: Rejected');
    // Issue 39 item 4: the pane's words say it was rejected, never "Answered.".
    const pane = await me.send(decisionRoutes.getDecision, { params: { id } });
    expect(pane.detail.lines.delivery).toBe('Rejected. There was no paused work left to restart.');
  });

  it("§5.4, §7 — reasons are posted to the task's comment thread, as withdrawals are: a rejection's at once, a partial answer's too, once each", async () => {
    const me = world(cast, await cast.newMember());
    const task = await me.task('Refresh the pricing page');
    const thread = async () => (await me.send(taskRoutes.listTaskComments, { params: { id: task.id } })).comments;
    const filed = await me.file({
      question: 'Set up the data feed',
      context,
      asks: [approvalAsk('Send the apology email to ACME'), tierAsk()],
      task: task.id,
    });
    const id = filed.body.decision.id;

    // A choice against the recommendation, with its reason: the decision stays open, the reason is on the thread.
    await me.answer(id, 2, { kind: 'decision', selected: [1] }, 'Budget is capped this quarter.');
    expect(await thread()).toEqual([
      expect.objectContaining({
        body: 'Answer to "Which feed tier?": Basic — "Budget is capped this quarter."',
        decisionId: id,
        author: { kind: 'member', id: me.member.memberId },
      }),
    ]);
    // The rejection that closes it posts its reason too.
    await me.answer(id, 1, { kind: 'approval', decision: 'reject' }, 'Legal has not cleared the wording yet.');
    await me.delivered(id);
    expect((await thread()).map((comment) => comment.body)).toEqual([
      'Answer to "Which feed tier?": Basic — "Budget is capped this quarter."',
      'Answer to "Send the apology email to ACME": Rejected — "Legal has not cleared the wording yet."',
    ]);
  });

  it('S5 — choosing against the recommendation needs a reason; the agent gets the label and the reason', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const filed = await me.file({ question: 'Which feed tier?', context, asks: [tierAsk()], session });
    const id = filed.body.decision.id;
    await expectProblem(me.answer(id, 1, { kind: 'decision', selected: [1] }), 422, 'reason_required');

    await me.answer(id, 1, { kind: 'decision', selected: [1] }, 'Daily is enough for now.');
    await me.delivered(id);
    const { messages } = await me.send(sessionRoutes.readMessages, { params: { id: session } });
    expect(messages.at(-1)?.body).toBe(
      `Decision: Basic\nReason: Daily is enough for now.\n<cast-decision id="${id}" question="Which feed tier?" />`,
    );
  });

  it('FR-23 — an answer that does not fit its ask is refused with a specific message and not stored', async () => {
    const me = world(cast, await cast.newMember());
    const filed = await me.file({
      question: 'Tell me about the vendor',
      context,
      asks: [
        { kind: 'fact', prompt: 'Who is our account manager at the vendor?' },
        { kind: 'action', prompt: 'Sign the vendor contract' },
      ],
    });
    const id = filed.body.decision.id;
    await expectProblem(me.answer(id, 1, { kind: 'action', done: true }), 422, 'answer_kind_mismatch');
    await expectProblem(me.answer(id, 1, { kind: 'fact', text: 'x'.repeat(4001) }), 400, 'invalid_request');
    expect((await me.decision(id)).revision).toBe(1);

    await me.answer(id, 1, { kind: 'fact', text: 'Dana Reyes' });
    const done = await me.answer(id, 2, { kind: 'action', done: true, note: 'Signed and filed.' });
    expect(done.body.decision).toMatchObject({ status: 'resolved' });
    expect(done.body.decision.asks[1]?.answer).toMatchObject({ value: { note: 'Signed and filed.' } });
  });

  it('E8 — an access ask Cast can check is refused while the grant is missing, and verified once it exists', async () => {
    const me = world(cast, await cast.newMember());
    const agent = await me.agent();
    const filed = await me.file({ question: 'Analytics access', context, asks: [accessAsk('mcp__analytics__query')], agent: agent.id });
    const id = filed.body.decision.id;

    const denied = await expectProblem(me.answer(id, 1, { kind: 'access', granted: true }), 409, 'access_not_granted');
    expect(denied).toMatchObject({
      detail: 'That access still is not granted. Nothing was changed.',
      grantUrl: 'https://cast.invalid/connections/analytics',
    });
    expect(await me.decision(id)).toMatchObject({ status: 'open', revision: 1 });

    await me.send(agentRoutes.addGrant, { params: { id: agent.id }, body: { toolPattern: 'mcp__analytics__*', effect: 'allow' } });
    const granted = await me.answer(id, 1, { kind: 'access', granted: true });
    expect(granted.body.decision.asks[0]?.answer).toMatchObject({ verification: 'verified' });
  });

  it("E9 — an access ask Cast cannot check closes on the member's word, recorded as self-reported", async () => {
    const me = world(cast, await cast.newMember());
    const filed = await me.file({ question: 'Vendor portal access', context, asks: [accessAsk()] });
    const granted = await me.answer(filed.body.decision.id, 1, { kind: 'access', granted: true });
    expect(granted.body.decision.asks[0]?.answer).toMatchObject({ verification: 'self_reported' });
  });

  it('E10 — fourteen asks keep the first ten and say how many were not recorded', async () => {
    const me = world(cast, await cast.newMember());
    const asks = Array.from({ length: 14 }, (_, index) => ({ kind: 'fact' as const, prompt: `Question ${index + 1}?` }));
    const filed = await me.file({ question: 'Too many questions', context, asks });
    expect(filed.status).toBe(201);
    expect(filed.body.decision.asks).toHaveLength(10);
    expect(filed.body.decision.asks.at(-1)?.prompt).toBe('Question 10?');
    expect(filed.body.decision.notes).toEqual(['4 further questions were not recorded — this decision was too long.']);
    expect((await me.decision(filed.body.decision.id)).notes).toEqual([
      '4 further questions were not recorded — this decision was too long.',
    ]);
    const log = await me.send(activityRoutes.listActivity, { query: { subject_kind: 'decision', subject_id: filed.body.decision.id } });
    expect(log.activity.find((entry) => entry.kind === 'opened')?.detail).toMatchObject({ droppedAsks: 4 });
  });
});

describe('the answer reaching the agent', () => {
  it('E3 — nothing to restart: the run was cancelled and the task deleted', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const run = await me.run(session, 'running');
    const task = await me.task();
    const filed = await me.file({ question: 'Nothing left?', context, asks: [tierAsk()], session, run: run.id, task: task.id });
    await me.send(runRoutes.updateRun, { params: { id: run.id }, body: { status: 'cancelled' } });
    await cast.pool.query('update tasks set deleted_at = now() where id = $1', [task.id]);

    await me.answer(filed.body.decision.id, 1, { kind: 'decision', selected: [2] });
    const delivered = await me.delivered(filed.body.decision.id);
    expect(delivered).toMatchObject({ status: 'resolved', delivery: { kind: 'nothing', runId: null, otherBlockers: 0 } });
    const pane = await me.send(decisionRoutes.getDecision, { params: { id: filed.body.decision.id } });
    expect(pane.detail.lines.delivery).toBe('Answered. There was no paused work left to restart.');
  });

  it('E4 — a run that is already going gets the answer injected, and no new run starts', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const running = await me.run(session, 'running');
    const filed = await me.file({ question: 'Keep going?', context, asks: [tierAsk()], session, run: running.id });
    await me.answer(filed.body.decision.id, 1, { kind: 'decision', selected: [2] });
    const delivered = await me.delivered(filed.body.decision.id);
    expect(delivered.delivery).toMatchObject({ kind: 'injected', runId: running.id });
    const pane = await me.send(decisionRoutes.getDecision, { params: { id: filed.body.decision.id } });
    expect(pane.detail.lines.delivery).toBe('Sent to the Run that is already going.');
    const detail = await me.send(sessionRoutes.getSession, { params: { id: session } });
    expect(detail.session.latestRun?.id).toBe(running.id);
  });

  it('the answer that resolves a decision returns it delivered: the live run already has the message', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const running = await me.run(session, 'running');
    const filed = await me.file({ question: 'Deliver with the answer?', context, asks: [tierAsk()], session, run: running.id });
    const answered = await me.answer(filed.body.decision.id, 1, { kind: 'decision', selected: [2] });
    expect(answered.body.decision).toMatchObject({ status: 'resolved', delivery: { kind: 'injected', runId: running.id, failure: null } });
    // No polling: the message and the delivered row were written before the answer returned.
    const log = await me.send(sessionRoutes.readMessages, { params: { id: session } });
    expect(log.messages.filter((message) => message.kind === 'decision_answer')).toHaveLength(1);
    expect((await me.decision(filed.body.decision.id)).delivery?.kind).toBe('injected');
    const { rows } = await cast.pool.query<{ kind: string }>(
      `select kind from activity where subject_kind = 'decision' and subject_id = $1 and kind <> 'viewed' order by seq`,
      [filed.body.decision.id],
    );
    expect(rows.map((row) => row.kind)).toEqual(['opened', 'answered', 'resolved', 'delivered']);
  });

  it('FR-34 — a delivery that fails with the answer takes nothing with it: the answer stands and delivery retries', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const running = await me.run(session, 'running');
    // The first delivery into this session fails (a sequence is not rolled back with the failing transaction).
    const name = `fail_once_${session.replace(/\W/g, '_')}`;
    await cast.pool.query(`create sequence ${name}`);
    await cast.pool.query(
      `create function ${name}() returns trigger language plpgsql as $$
       begin
         if new.session_id = '${session}' and nextval('${name}') = 1 then raise exception 'injected delivery failure'; end if;
         return new;
       end $$`,
    );
    await cast.pool.query(`create trigger ${name} before insert on session_messages for each row execute function ${name}()`);
    try {
      const filed = await me.file({ question: 'Survive a failed delivery?', context, asks: [tierAsk()], session, run: running.id });
      const id = filed.body.decision.id;
      const answered = await me.answer(id, 1, { kind: 'decision', selected: [2] });
      // Answered and resolved, not yet delivered: the delivery with the answer failed.
      expect(answered.body.decision).toMatchObject({
        status: 'resolved',
        delivery: null,
        asks: [{ answer: { value: { selected: [2] } } }],
      });
      const delivered = await me.delivered(id);
      expect(delivered).toMatchObject({ status: 'resolved', delivery: { kind: 'injected', runId: running.id, failure: null } });
      const log = await me.send(sessionRoutes.readMessages, { params: { id: session } });
      expect(log.messages.filter((message) => message.kind === 'decision_answer')).toHaveLength(1);
      const { rows } = await cast.pool.query<{ kind: string }>(
        `select kind from activity where subject_kind = 'decision' and subject_id = $1 and kind <> 'viewed' order by seq`,
        [id],
      );
      expect(rows.map((row) => row.kind)).toEqual(['opened', 'answered', 'resolved', 'delivered']);
      // Tried with the answer, then once more by the workflow's delivery.
      expect((await cast.pool.query(`select last_value::int as tries from ${name}`)).rows[0]).toEqual({ tries: 2 });
    } finally {
      await cast.pool.query(`drop trigger ${name} on session_messages`);
      await cast.pool.query(`drop function ${name}()`);
      await cast.pool.query(`drop sequence ${name}`);
    }
  });

  it('E5 — a restart that cannot happen keeps the answer, says why, and Run now retries it', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const parked = await me.run(session, 'parked');
    await me.send(sessionRoutes.stopSession, { params: { id: session }, body: {} });
    const filed = await me.file({ question: 'Restart me?', context, asks: [tierAsk()], session, run: parked.id });
    const id = filed.body.decision.id;
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    const failed = await me.delivered(id);
    expect(failed).toMatchObject({ status: 'resolved', delivery: { kind: 'failed', failure: RESTART_UNAVAILABLE } });
    const pane = await me.send(decisionRoutes.getDecision, { params: { id: id } });
    expect(pane.detail.lines.delivery).toBe('Answered, but the agent could not be restarted automatically.');
    // The answer is not rolled back: it is in the session's log, once.
    const log = await me.send(sessionRoutes.readMessages, { params: { id: session } });
    expect(log.messages.filter((message) => message.kind === 'decision_answer')).toHaveLength(1);

    await me.send(sessionRoutes.sessionHeartbeat, { params: { id: session }, body: {} });
    const retried = await me.send(decisionRoutes.runNow, { params: { id }, body: {} });
    expect(retried.decision.delivery?.kind).toBe('restarted');
    const again = await me.send(sessionRoutes.readMessages, { params: { id: session } });
    expect(again.messages.filter((message) => message.kind === 'decision_answer')).toHaveLength(1);
    await expectProblem(me.send(decisionRoutes.runNow, { params: { id }, body: {} }), 409, 'nothing_to_run');
  });

  it('FR-35 — a restart with no free slot is queued', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    await cast.pool.query('update workspaces set run_concurrency = 1 where id = $1', [member.workspaceId]);
    const busy = await me.session();
    await me.run(busy, 'running');
    const session = await me.session();
    const parked = await me.run(session, 'parked');
    const filed = await me.file({ question: 'Queue me?', context, asks: [tierAsk()], session, run: parked.id });
    await me.answer(filed.body.decision.id, 1, { kind: 'decision', selected: [2] });
    const delivered = await me.delivered(filed.body.decision.id);
    expect(delivered.delivery?.kind).toBe('queued');
    const pane = await me.send(decisionRoutes.getDecision, { params: { id: filed.body.decision.id } });
    expect(pane.detail.lines.delivery).toBe('Queued — waiting for a free slot.');
  });

  it('E16 — a task with another blocker stays blocked and says how many remain', async () => {
    const me = world(cast, await cast.newMember());
    const task = await me.task();
    await me.send(taskRoutes.blockTask, { params: { id: task.id }, body: { kind: 'other', ref: 'Waiting on the vendor contract' } });
    const filed = await me.file({ question: 'Which tier?', context, asks: [tierAsk()], task: task.id });
    await me.answer(filed.body.decision.id, 1, { kind: 'decision', selected: [2] });
    const delivered = await me.delivered(filed.body.decision.id);
    expect(delivered.delivery).toMatchObject({ kind: 'nothing', otherBlockers: 1 });
    const pane = await me.send(decisionRoutes.getDecision, { params: { id: filed.body.decision.id } });
    expect(pane.detail.lines.delivery).toBe('Answered. This Task is still waiting on 1 other blocker.');
    const after = await me.send(taskRoutes.getTask, { params: { id: task.id } });
    expect(after.task.status).toBe('blocked');

    await me.send(taskRoutes.resolveBlocker, { params: { id: task.id }, body: { kind: 'other', ref: 'Waiting on the vendor contract' } });
    expect((await me.send(taskRoutes.getTask, { params: { id: task.id } })).task.status).toBe('in_progress');
    // The count is read with the decision, so it never outlives the blocker it counted.
    const later = await me.send(decisionRoutes.getDecision, { params: { id: filed.body.decision.id } });
    expect(later.detail.task?.holds).toEqual({ self: false, decisions: 0, other: 0 });
    expect(later.detail.lines.delivery).toBe('Answered. There was no paused work left to restart.');
  });

  it('E18 — an answer to an archived decision is refused with "This decision was archived."', async () => {
    const me = world(cast, await cast.newMember());
    const filed = await me.file({ question: 'Archive me?', context, asks: [tierAsk()] });
    const id = filed.body.decision.id;
    expect((await me.send(decisionRoutes.archiveDecision, { params: { id }, body: {} })).decision.status).toBe('archived');
    const answer = await expectProblem(me.answer(id, 1, { kind: 'decision', selected: [2] }), 409, 'decision_archived');
    expect(answer.detail).toBe('This decision was archived.');
    // Restore returns it to open, and then it takes the answer.
    await me.send(decisionRoutes.restoreDecision, { params: { id }, body: {} });
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
  });

  it('E1 — two members answer the same ask: the first wins, the second is told who answered', async () => {
    const alice = await cast.newMember();
    const bob = await colleagueOf(cast.pool, alice, 'Bob');
    const filed = await world(cast, alice).file({ question: 'Which tier, team?', context, asks: [tierAsk()] });
    const id = filed.body.decision.id;
    const answers = [
      world(cast, alice).answer(id, 1, { kind: 'decision', selected: [2] }),
      world(cast, bob).answer(id, 1, { kind: 'decision', selected: [1] }, 'Cheaper.'),
    ];
    const settled = await Promise.allSettled(answers);
    // One wins (200), the other is refused.
    expect(settled.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const loser = answers[settled.findIndex((outcome) => outcome.status === 'rejected')]!;
    const problem = await expectProblem(loser, 409, 'ask_already_answered');
    expect(problem.detail).toBe('Someone else answered this a moment ago.');
    const recorded = (await world(cast, alice).decision(id)).asks[0]?.answer;
    expect(problem.answer).toEqual(recorded);
    expect([alice.memberId, bob.memberId]).toContain(recorded?.answeredBy);
  });
});
