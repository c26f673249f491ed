/**
 * The other doors into and out of the queue (AW-03 §6.16, FR-13, FR-29; cast-decide
 * "Permission prompts in the same queue"): host prompts, the Inbox and its replies, Home,
 * the task board's "Needs you", the runner's view of ready runs, and the projection of
 * records written without a decision.
 */
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { RaiseEscalationBody } from '../../domain/escalation';
import { approvalRoutes } from '../../domain/routes/approvals';
import { decisionRoutes } from '../../domain/routes/decisions';
import { escalationRoutes } from '../../domain/routes/escalations';
import { homeRoutes } from '../../domain/routes/home';
import { inboxRoutes } from '../../domain/routes/inbox';
import { runRoutes } from '../../domain/routes/runs';
import { sessionRoutes } from '../../domain/routes/sessions';
import { taskRoutes } from '../../domain/routes/tasks';
import { approvalAsk, world } from '../support/agent-world';
import { colleagueOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { until } from '../support/until';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast({ sweepEvery: '1 second' });
});
afterAll(() => cast?.stop());

type Me = ReturnType<typeof world>;

const propose = (me: Me, summary = 'Send the launch email to 4,000 customers') =>
  me
    .send(approvalRoutes.proposeApproval, { body: { actionType: 'send_message', summary, risks: ['external_reach', 'irreversible'] } })
    .then((body) => body.approval);
const raise = (me: Me, extra: Partial<z.input<typeof RaiseEscalationBody>> = {}) =>
  me
    .send(escalationRoutes.raiseEscalation, {
      body: { reasonCode: 'ambiguous_instructions', summary: 'Two lists.', mustDecide: 'Which supplier list is authoritative?', ...extra },
    })
    .then((body) => body.escalation);
const reply = (me: Me, id: string, text: string) => me.send(inboxRoutes.replyToInbox, { params: { id }, body: { text } });

describe('host prompts', () => {
  it('a permission prompt is a blocking decision whose card carries what the session last said and its pinned state', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    await me.send(sessionRoutes.appendMessage, {
      params: { id: session },
      body: { role: 'assistant', body: 'I will clean up the build directory next.' },
    });
    const filed = await me.reply(sessionRoutes.fileHostPrompt, {
      params: { id: session },
      body: { kind: 'permission', tool: 'Bash', input: 'rm -rf build/', requestId: 'toolu_01', pinned: 'Plan: 1. clean 2. build 3. test' },
    });
    expect(filed.status).toBe(201);
    const decision = filed.body.decision;
    expect(decision).toMatchObject({
      question: 'Allow Bash?',
      mode: 'blocking',
      context: 'rm -rf build/',
      links: { sessionId: session },
      source: {
        kind: 'permission',
        id: 'toolu_01',
        tool: 'Bash',
        lastAssistantMessage: 'I will clean up the build directory next.',
        pinned: 'Plan: 1. clean 2. build 3. test',
      },
    });
    expect(decision.asks[0]).toMatchObject({
      kind: 'approval',
      prompt: 'Allow Bash?',
      action: { kind: 'other', summary: 'rm -rf build/' },
    });
    await me.answer(decision.id, 1, { kind: 'approval', decision: 'reject' }, 'Not the build directory.');
    const waited = await me.send(decisionRoutes.waitForDecision, { params: { id: decision.id }, query: { timeout: 5 } });
    expect(waited).toMatchObject({ settled: true, decision: { status: 'resolved' } });
  });

  it('a permission input longer than an action summary is kept whole as the context; the summary is its start', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    // Astral characters take two UTF-16 units: a cut must fall between them, not inside one.
    const input = 'cat 𝕏é '.repeat(500).trim();
    const filed = await me.reply(sessionRoutes.fileHostPrompt, {
      params: { id: session },
      body: { kind: 'permission', tool: 'Bash', input },
    });
    expect(filed.status).toBe(201);
    expect(filed.body.decision.context).toBe(input);
    const ask = filed.body.decision.asks[0];
    assert(ask?.kind === 'approval');
    expect(ask.action.summary.length).toBeLessThanOrEqual(1000);
    expect(ask.action.summary.endsWith('…')).toBe(true);
    expect(input.startsWith(ask.action.summary.slice(0, -1))).toBe(true);
    expect(ask.action.summary).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('a terminal question with options is a choice; bodies are strict', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const filed = await me.send(sessionRoutes.fileHostPrompt, {
      params: { id: session },
      body: { kind: 'terminal', question: 'Overwrite the config?', options: ['Overwrite', 'Keep mine'] },
    });
    expect(filed.decision.asks[0]).toMatchObject({ kind: 'decision', options: [{ label: 'Overwrite' }, { label: 'Keep mine' }] });
    expect(filed.decision.source).toMatchObject({ kind: 'terminal', lastAssistantMessage: null, pinned: null, tool: null });
    await expectProblem(
      await cast.request(me.member.token, 'POST', `/api/v1/sessions/${session}/prompts`, { kind: 'permission' }),
      400,
      'invalid_request',
    );
    await expectProblem(
      await cast.request(me.member.token, 'POST', `/api/v1/sessions/${session}/prompts`, {
        kind: 'terminal',
        question: 'x',
        mode: 'advisory',
      }),
      400,
      'invalid_request',
    );
    // A colleague cannot post into a session another member owns (DESIGN §4).
    const colleague = await colleagueOf(cast.pool, me.member);
    await expectProblem(
      world(cast, colleague).send(sessionRoutes.fileHostPrompt, { params: { id: session }, body: { kind: 'terminal', question: 'Mine?' } }),
      404,
      'session_not_found',
    );
  });
});

describe('the Inbox (§6.16)', () => {
  it('lists approvals and escalations with their decisions, and a reply settles the record through the same path', async () => {
    const me = world(cast, await cast.newMember());
    const approval = await propose(me);
    const escalation = await raise(me, { options: ['Finance', 'Ops'] });
    const inbox = await me.send(inboxRoutes.listInbox);
    expect(inbox.messages.map((message) => [message.id, message.kind, message.decisionId, message.open])).toEqual([
      [`escalation:${escalation.id}`, 'escalation', escalation.decisionId, true],
      [`approval:${approval.id}`, 'approval', approval.decisionId, true],
    ]);

    await expectProblem(reply(me, `approval:${approval.id}`, 'no'), 422, 'reason_required');
    const rejected = await reply(me, `approval:${approval.id}`, 'no — not before legal signs off');
    expect(rejected).toMatchObject({ approval: { status: 'rejected', reason: 'not before legal signs off' } });
    expect((await me.decision(approval.decisionId!)).status).toBe('resolved');

    await expectProblem(reply(me, `escalation:${escalation.id}`, 'whichever'), 400, 'invalid_request');
    const resolved = await reply(me, `escalation:${escalation.id}`, '2 — ops keeps it current');
    expect(resolved).toMatchObject({ escalation: { status: 'resolved', resolution: 'Ops — ops keeps it current' } });
    const after = await me.send(inboxRoutes.listInbox);
    expect(after.messages.every((message) => !message.open)).toBe(true);

    const stranger = await cast.newMember();
    await expectProblem(reply(world(cast, stranger), `escalation:${escalation.id}`, '1'), 404, 'escalation_not_found');
    await expectProblem(reply(me, 'nonsense', 'yes'), 404, 'not_found');
  });
});

describe('Home, the task board and the runner', () => {
  it('Home counts the queue and lists pending approvals; the board knows which tasks need you', async () => {
    const me = world(cast, await cast.newMember());
    const task = await me.task('Launch');
    await me.file({
      question: 'Ship it?',
      context: 'The copy is final and legal signed off yesterday.',
      asks: [approvalAsk()],
      task: task.id,
    });
    const approval = await propose(me);
    const home = await me.send(homeRoutes.home);
    // The sidebar's Inbox count: the pending approval record (the filed decision is no Inbox message).
    expect(home.counts).toEqual({ open: 2, blocking: 2, inbox: 1 });
    expect(home.approvals.map((item) => item.id)).toEqual([approval.id]);
    expect((await me.send(taskRoutes.tasksNeedingYou)).tasks).toEqual([{ taskId: task.id, openDecisions: 1 }]);
  });

  it('a runner sees its ready restarts, oldest first, with the message each starts from', async () => {
    const me = world(cast, await cast.newMember());
    const session = await me.session();
    const parked = await me.run(session, 'parked');
    const id = (
      await me.file({
        question: 'Go?',
        context: 'A parked run waits for this answer to continue its work.',
        asks: [approvalAsk()],
        session,
        run: parked.id,
      })
    ).body.decision.id;
    await me.answer(id, 1, { kind: 'approval', decision: 'approve' });
    const delivered = await me.delivered(id);
    const ready = await me.send(runRoutes.listRuns);
    expect(ready.runs).toEqual([
      expect.objectContaining({ id: delivered.delivery!.runId, status: 'ready', seedMessage: expect.stringContaining('Approved') }),
    ]);
    const other = world(cast, await cast.newMember());
    expect((await other.send(runRoutes.listRuns)).runs).toEqual([]);
    await expectProblem(await cast.request(me.member.token, 'GET', '/api/v1/runs?status=sleeping'), 400, 'invalid_request');
  });
});

describe('FR-13 — records written without a decision', () => {
  it('the sweep gives an old approval and escalation their decisions, with the derived asks', async () => {
    const me = world(cast, await cast.newMember());
    const { workspaceId, memberId } = me.member;
    await cast.pool.query(
      `insert into approvals (id, workspace_id, action_type, summary, risks, proposed_by, created_at)
       values ('apr_legacy_' || $1, $1, 'spawn_agent', 'Spawn a research agent for the pricing page', '{spends_money}', $2, now() - interval '5 minutes')`,
      [workspaceId, memberId],
    );
    await cast.pool.query(
      `insert into escalations (id, workspace_id, reason_code, summary, must_decide, raised_by, created_at)
       values ('esc_legacy_' || $1, $1, 'missing_information', 'No VAT rate on file.', 'What is the VAT rate in Ireland?', $2, now() - interval '5 minutes')`,
      [workspaceId, memberId],
    );
    const queue = await until(
      () => me.send(decisionRoutes.listQueue),
      (body) => body.decisions.length === 2,
    );
    const byRecord = Object.fromEntries(queue.decisions.map((decision) => [decision.source?.kind, decision]));
    expect(byRecord.approval!.asks[0]).toMatchObject({ kind: 'approval', action: { kind: 'spawn_agent' }, risks: ['Spends real money'] });
    expect(byRecord.escalation!.asks[0]).toMatchObject({ kind: 'fact', prompt: 'What is the VAT rate in Ireland?' });
    const approvals = await me.send(approvalRoutes.listApprovals);
    expect(approvals.approvals[0]!.decisionId).toBe(byRecord.approval!.id);
    // And it settles like any other.
    await me.send(approvalRoutes.approve, { params: { id: approvals.approvals[0]!.id }, body: {} });
    expect((await me.decision(byRecord.approval!.id)).status).toBe('resolved');
  });
});
