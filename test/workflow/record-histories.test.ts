/**
 * Records the histories that replay.test.ts replays: representative paths of the decision
 * and stack workflows, driven through the real API on the run's Temporal dev server, each
 * saved as the SDK's history JSON under `histories/`. Skipped unless asked for, because a
 * recording is made once, by the code a change must stay compatible with:
 *
 *   CAST_RECORD_HISTORIES=1 npx vitest run test/workflow/record-histories.test.ts
 *
 * Record before changing workflow code, then keep the old files: they are what running
 * workflows will replay against the new code.
 */
import { Client, Connection, WithStartWorkflowOperation } from '@temporalio/client';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { decisionWorkflow } from '../../workflows/decision-workflow';
import { DECISION_WORKFLOW, DECISION_WORKFLOW_VERSION, decisionWorkflowId, fileDecisionUpdate } from '../../workflows/messages';
import { stackWorkflowId } from '../../workflows/stack-messages';
import type { z } from 'zod';
import type { FileDecisionBody } from '../../domain/decision-schema';
import { approvalRoutes } from '../../domain/routes/approvals';
import { approvalSettingsRoutes } from '../../domain/routes/approval-settings';
import { colleagueOf } from '../support/members';
import { decisionRoutes } from '../../domain/routes/decisions';
import { escalationRoutes } from '../../domain/routes/escalations';
import { runRoutes } from '../../domain/routes/runs';
import { sessionRoutes } from '../../domain/routes/sessions';
import { stackRoutes } from '../../domain/routes/stacks';
import { taskRoutes } from '../../domain/routes/tasks';
import { webhookRoutes } from '../../domain/routes/webhooks';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { decisionBody, decisionStart } from '../support/fixtures';
import { digestAtFiling } from '../../domain/automatic-answer';
import type { DecisionStart } from '../../domain/decision';
import { until } from '../support/until';
import { startTestCast, type TestCast } from '../support/test-cast';
import { historyToJson } from './history-json';

const HISTORIES = new URL('./histories/', import.meta.url);
const recording = process.env.CAST_RECORD_HISTORIES === '1';

let cast: TestCast;
let connection: Connection;
let client: Client;
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
  if (!recording) return;
  // Short enough that each resolved decision's workflow completes within its scenario.
  cast = await startTestCast({ undoWindowMs: 2500 });
  connection = await Connection.connect({ address: inject('temporalAddress') });
  client = new Client({ connection });
  receiver = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end()));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;
});

afterAll(async () => {
  if (!recording) return;
  await connection?.close();
  await cast?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

const context = 'Enough context for a person to answer without opening the session, which is the whole point.';
type Me = ReturnType<typeof world>;

/**
 * Waits for the workflow to end (unless `running`), then saves its history under `name`; a
 * decision's with the workflow version it was filed at (`-at-v1`), so a recording made at a
 * later version sits beside this one rather than over it.
 */
async function save(name: string, workflowId: string, options: { running?: boolean } = {}): Promise<void> {
  if (name.startsWith('decision-')) name = `${name}-at-v${DECISION_WORKFLOW_VERSION}`;
  const handle = client.workflow.getHandle(workflowId);
  if (!options.running) await handle.result();
  const history = await handle.fetchHistory();
  mkdirSync(HISTORIES, { recursive: true });
  writeFileSync(new URL(`${name}.json`, HISTORIES), historyToJson(history));
}

/** The start operation of a decision started directly, not through the API: what a test passes in its start. */
function startOf(start: DecisionStart): WithStartWorkflowOperation<typeof decisionWorkflow> {
  return new WithStartWorkflowOperation<typeof decisionWorkflow>(DECISION_WORKFLOW, {
    workflowId: decisionWorkflowId(start.id, cast.deployment),
    taskQueue: cast.taskQueue,
    args: [start],
    workflowIdConflictPolicy: 'FAIL',
  });
}

async function member(): Promise<Me> {
  return world(cast, await cast.newMember());
}

async function fileId(me: Me, body: z.input<typeof FileDecisionBody>): Promise<string> {
  const filed = await me.file(body);
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  return filed.body.decision.id;
}

describe.skipIf(!recording)('record workflow histories', () => {
  it('file → answer → resolve, restarting the parked run, with webhooks subscribed; the window closes', async () => {
    const me = await member();
    await me.send(webhookRoutes.createWebhook, { body: { url: receiverUrl } });
    const session = await me.session((await me.agent()).id);
    const parked = await me.run(session, 'parked');
    const task = await me.task();
    const id = await fileId(me, {
      question: 'Spend $240 on the data feed?',
      context,
      asks: [approvalAsk()],
      session,
      run: parked.id,
      task: task.id,
    });
    await me.answer(id, 1, { kind: 'approval', decision: 'approve' });
    await save('decision-answer-deliver', decisionWorkflowId(id, cast.deployment));
  });

  it('two asks answered one by one, no links: delivery has nothing to hand over; the window closes', async () => {
    const me = await member();
    const id = await fileId(me, { question: 'Which tiers?', context, asks: [tierAsk(), tierAsk()] });
    await me.answer(id, 2, { kind: 'decision', selected: [2] });
    await me.answer(id, 1, { kind: 'decision', selected: [1] }, 'Basic is enough for this one.');
    await save('decision-two-asks-window-closes', decisionWorkflowId(id, cast.deployment));
  });

  it('answer, undo inside the window (restart cancelled, task held again), answer again', async () => {
    const me = await member();
    const session = await me.session();
    const parked = await me.run(session, 'parked');
    const task = await me.task();
    const id = await fileId(me, { question: 'Spend $240?', context, asks: [approvalAsk()], session, run: parked.id, task: task.id });
    await me.answer(id, 1, { kind: 'approval', decision: 'approve' });
    await me.delivered(id);
    await me.send(decisionRoutes.undoAnswer, { params: { id, ask: 1 }, body: {} });
    await me.answer(id, 1, { kind: 'approval', decision: 'reject' }, 'Not this quarter.');
    await save('decision-undo-reanswer', decisionWorkflowId(id, cast.deployment));
  });

  it('one of two asks answered into a live run and undone; the decision stays open, then resolves', async () => {
    const me = await member();
    const session = await me.session();
    const live = await me.run(session, 'running');
    const id = await fileId(me, { question: 'Set up the feed', context, asks: [approvalAsk(), tierAsk()], session, run: live.id });
    await me.answer(id, 2, { kind: 'decision', selected: [2] });
    await me.send(decisionRoutes.undoAnswer, { params: { id, ask: 2 }, body: {} });
    await me.answer(id, 1, { kind: 'approval', decision: 'approve' });
    await me.answer(id, 2, { kind: 'decision', selected: [2] });
    await save('decision-undo-open-ask', decisionWorkflowId(id, cast.deployment));
  });

  it('edit (advisory to blocking holds the task), re-file the same question from the session, withdraw', async () => {
    const me = await member();
    await me.send(webhookRoutes.createWebhook, { body: { url: receiverUrl, events: ['decision.withdrawn'] } });
    const session = await me.session();
    const task = await me.task();
    const body: z.input<typeof FileDecisionBody> = {
      question: 'Which tier?',
      context,
      asks: [tierAsk()],
      mode: 'advisory',
      defaultOption: 2,
      session,
      task: task.id,
    };
    const id = await fileId(me, body);
    await me.send(decisionRoutes.editDecision, { params: { id }, body: { context: `${context} Edited.`, mode: 'blocking' } });
    const again = await me.file({ ...body, mode: 'blocking', defaultOption: undefined, context: `${context} Filed again.` });
    expect(again.body.decision.id).toBe(id);
    await me.send(decisionRoutes.withdrawDecision, { params: { id }, body: {} });
    await save('decision-edit-refile-withdraw', decisionWorkflowId(id, cast.deployment));
  });

  it('archive, restore, answer', async () => {
    const me = await member();
    const id = await fileId(me, { question: 'Archive me?', context, asks: [tierAsk()] });
    await me.send(decisionRoutes.archiveDecision, { params: { id }, body: {} });
    await me.send(decisionRoutes.restoreDecision, { params: { id }, body: {} });
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    await save('decision-archive-restore', decisionWorkflowId(id, cast.deployment));
  });

  it('work gone: the run cancelled and the task deleted archive it (a signal); restored and answered', async () => {
    const me = await member();
    const session = await me.session();
    const parked = await me.run(session, 'parked');
    const task = await me.task();
    const id = await fileId(me, { question: 'Gone work', context, asks: [tierAsk()], session, run: parked.id, task: task.id });
    await me.send(runRoutes.updateRun, { params: { id: parked.id }, body: { status: 'cancelled' } });
    expect((await me.reply(taskRoutes.deleteTask, { params: { id: task.id } })).status).toBe(204);
    expect(
      (
        await until(
          () => me.decision(id),
          (decision) => decision.status === 'archived',
        )
      ).status,
    ).toBe('archived');
    await me.send(decisionRoutes.restoreDecision, { params: { id }, body: {} });
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    await save('decision-work-gone-archived', decisionWorkflowId(id, cast.deployment));
  });

  it('a restart that cannot happen fails delivery; Run now retries it', async () => {
    const me = await member();
    const session = await me.session();
    const parked = await me.run(session, 'parked');
    await me.send(sessionRoutes.stopSession, { params: { id: session }, body: {} });
    const id = await fileId(me, { question: 'Restart me?', context, asks: [tierAsk()], session, run: parked.id });
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    expect((await me.delivered(id)).delivery?.kind).toBe('failed');
    await me.send(sessionRoutes.sessionHeartbeat, { params: { id: session }, body: {} });
    await me.send(decisionRoutes.runNow, { params: { id }, body: {} });
    await save('decision-run-now', decisionWorkflowId(id, cast.deployment));
  });

  it('an approval settled through its own door, and an escalation answered in the queue', async () => {
    const me = await member();
    const { approval } = await me.send(approvalRoutes.proposeApproval, {
      body: { actionType: 'send_message', summary: 'Send the launch email to 4,000 customers', risks: ['external_reach'] },
    });
    await me.send(approvalRoutes.approve, { params: { id: approval.id }, body: {} });
    const { escalation } = await me.send(escalationRoutes.raiseEscalation, {
      body: {
        reasonCode: 'ambiguous_instructions',
        summary: 'Two lists.',
        mustDecide: 'Which supplier list is authoritative?',
        options: ['Finance', 'Ops'],
      },
    });
    await me.answer(escalation.decisionId!, 1, { kind: 'decision', selected: [2] }, 'Ops owns it now.');
    await save('decision-approval-settled', decisionWorkflowId(approval.decisionId!, cast.deployment));
    await save('decision-escalation-answered', decisionWorkflowId(escalation.decisionId!, cast.deployment));
  });

  it('a stack: one advisory member auto-defaulted at its deadline, one removed and answered by a person', async () => {
    const me = await member();
    const { stack } = await me.send(stackRoutes.createStack, { body: { title: 'Launch checklist', autoDefaultSeconds: 2 } });
    const session = await me.session();
    const auto = await fileId(me, {
      question: 'Ship the banner?',
      context,
      asks: [{ kind: 'decision', prompt: 'Ship?', options: [{ label: 'Ship' }, { label: 'Hold' }] }],
      mode: 'advisory',
      defaultOption: 2,
      session,
      stack: stack.id,
    });
    const removed = await fileId(me, { question: 'Drop the table?', context, asks: [tierAsk()], stack: stack.id });
    await me.send(stackRoutes.removeStackMember, { params: { id: stack.id, decision: removed } });
    await me.answer(removed, 1, { kind: 'decision', selected: [2] });
    await save('decision-stack-auto-default', decisionWorkflowId(auto, cast.deployment));
    await save('decision-stack-removed', decisionWorkflowId(removed, cast.deployment));
    await until(
      () => me.send(stackRoutes.getStack, { params: { id: stack.id } }),
      (body) => body.stack.status === 'closed',
    );
    // A closed stack waits ten minutes for a member to reopen; its history so far is what replays.
    await save('stack-closed', stackWorkflowId(stack.id, cast.deployment), { running: true });
    await client.workflow.getHandle(stackWorkflowId(stack.id, cast.deployment)).terminate('recorded');
  });

  it('host prompts: one withdrawn by Cast at its recorded deadline (issue 31 item 5), one answered before it', async () => {
    const me = await member();
    const session = await me.session();
    const prompt = (command: string) => ({
      kind: 'permission' as const,
      tool: 'Bash',
      toolInput: { command },
      waitsUntil: new Date(Date.now() + 2000).toISOString(),
    });
    const lapsed = await me.send(sessionRoutes.fileHostPrompt, { params: { id: session }, body: prompt('echo one > one.txt') });
    const answered = await me.send(sessionRoutes.fileHostPrompt, { params: { id: session }, body: prompt('echo two > two.txt') });
    await me.answer(answered.decision.id, 1, { kind: 'approval', decision: 'approve' });
    await save('decision-host-prompt-lapsed', decisionWorkflowId(lapsed.decision.id, cast.deployment));
    await save('decision-host-prompt-answered-in-time', decisionWorkflowId(answered.decision.id, cast.deployment));
  });

  it('a blocking decision reminds its people, then the backup, and is answered (issue 40 item 7)', async () => {
    const me = await member();
    const number = (Date.now() % 1_000_000_000) + 950_000_000;
    const start = {
      ...decisionStart(decisionBody('Remind me?'), { id: `sd-${number}`, workspaceId: me.member.workspaceId, filedBy: me.member.memberId }),
      workflowVersion: DECISION_WORKFLOW_VERSION,
      // Seconds, not the hours a workspace sets: the plan is a workflow input.
      reminders: { remindAfterMs: 1000, backupAfterMs: 2000, backupMemberId: me.member.memberId, deadlineLeadMs: 60_000 },
      undoWindowMs: 2500,
    };
    await client.workflow.executeUpdateWithStart(fileDecisionUpdate, { args: [start], startWorkflowOperation: startOf(start) });
    await until(
      async () => (await cast.pool.query(`select 1 from activity where subject_id = $1 and kind = 'reminded'`, [start.id])).rowCount ?? 0,
      (count) => count === 2,
    );
    await me.answer(start.id, 1, { kind: 'decision', selected: [2] });
    await save('decision-reminded', decisionWorkflowId(start.id, cast.deployment));
  });

  it('an approval that needs two people: one approves, takes it back, approves again; a second resolves it (issue 41)', async () => {
    const me = await member();
    await me.send(approvalSettingsRoutes.replaceApprovalSettings, {
      body: { actions: { send_message: { minimumApprovers: 2, separationOfDuties: true } } },
    });
    const dana = world(cast, await colleagueOf(cast.pool, me.member, 'Dana'));
    const summary = 'Approve a $240 spend on the data feed';
    const quorumAsk = {
      kind: 'approval' as const,
      prompt: summary,
      action: { kind: 'override_budget' as const, summary },
      approvers: { required: 2 },
    };
    const eli = world(cast, await colleagueOf(cast.pool, me.member, 'Eli'));
    const id = await fileId(me, { question: 'Spend $240?', context, asks: [quorumAsk] });
    await dana.answer(id, 1, { kind: 'approval', decision: 'approve' });
    await dana.send(decisionRoutes.undoAnswer, { params: { id, ask: 1 }, body: {} });
    await dana.answer(id, 1, { kind: 'approval', decision: 'approve' });
    await eli.answer(id, 1, { kind: 'approval', decision: 'approve' });
    // Through the record's own door: the first approval is counted, the second settles it.
    const { approval } = await me.send(approvalRoutes.proposeApproval, {
      body: { actionType: 'send_message', summary: 'Send the launch email to 4,000 customers', risks: ['external_reach'] },
    });
    await dana.send(approvalRoutes.approve, { params: { id: approval.id }, body: {} });
    await eli.send(approvalRoutes.approve, { params: { id: approval.id }, body: {} });
    await save('decision-approval-quorum', decisionWorkflowId(id, cast.deployment));
    await save('decision-approval-quorum-settled', decisionWorkflowId(approval.decisionId!, cast.deployment));
  });

  it("a rule answers at filing, from the start (issue 42 item 1); a person undoes the rule's answer and answers", async () => {
    const me = await member();
    const number = (Date.now() % 1_000_000_000) + 980_000_000;
    const filed = decisionStart(decisionBody('Run the tests?'), {
      id: `sd-${number}`,
      workspaceId: me.member.workspaceId,
      filedBy: me.member.memberId,
    });
    const source = { kind: 'rule' as const, id: 'rule-tests', name: 'tests may run', revision: 3 };
    const automaticAnswers = [
      { ask: 1, value: { kind: 'decision' as const, selected: [2] }, reason: null, source, inputDigest: digestAtFiling(filed, 1) },
    ];
    const start = { ...filed, workflowVersion: DECISION_WORKFLOW_VERSION, undoWindowMs: 2500, automaticAnswers };
    const answered = await client.workflow.executeUpdateWithStart(fileDecisionUpdate, {
      args: [start],
      startWorkflowOperation: startOf(start),
    });
    expect(answered.status).toBe('resolved');
    await me.send(decisionRoutes.undoAnswer, { params: { id: start.id, ask: 1 }, body: {} });
    await me.answer(start.id, 1, { kind: 'decision', selected: [1] }, 'v1 is what production runs.');
    await save('decision-rule-answered-undone', decisionWorkflowId(start.id, cast.deployment));
  });

  it('a filing that reached the workflow after its caller gave up keeps no decision', async () => {
    const me = await member();
    const number = (Date.now() % 1_000_000_000) + 900_000_000;
    const start = {
      ...decisionStart(decisionBody('Too late?'), {
        id: `sd-${number}`,
        workspaceId: me.member.workspaceId,
        filedBy: me.member.memberId,
      }),
      expiresAt: new Date(Date.now() - 1000).toISOString(),
      workflowVersion: DECISION_WORKFLOW_VERSION,
    };
    await expect(
      client.workflow.executeUpdateWithStart(fileDecisionUpdate, { args: [start], startWorkflowOperation: startOf(start) }),
    ).rejects.toThrow();
    await save('decision-expired-filing', decisionWorkflowId(start.id, cast.deployment));
  });
});
