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
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { decisionBody, decisionStart } from '../support/fixtures';
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

async function member(): Promise<Me> {
  return world(cast, await cast.newMember());
}

async function fileId(me: Me, body: Record<string, unknown>): Promise<string> {
  const filed = await me.file(body);
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  return filed.body.decision.id;
}

describe.skipIf(!recording)('record workflow histories', () => {
  it('file → answer → resolve, restarting the parked run, with webhooks subscribed; the window closes', async () => {
    const me = await member();
    await me.ok('POST', '/api/v1/webhooks', { url: receiverUrl });
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
    expect((await me.answer(id, 1, { kind: 'approval', decision: 'approve' })).status).toBe(200);
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
    await me.ok('POST', `/api/v1/decisions/${id}/asks/1/undo`);
    await me.answer(id, 1, { kind: 'approval', decision: 'reject' }, 'Not this quarter.');
    await save('decision-undo-reanswer', decisionWorkflowId(id, cast.deployment));
  });

  it('one of two asks answered into a live run and undone; the decision stays open, then resolves', async () => {
    const me = await member();
    const session = await me.session();
    const live = await me.run(session, 'running');
    const id = await fileId(me, { question: 'Set up the feed', context, asks: [approvalAsk(), tierAsk()], session, run: live.id });
    await me.answer(id, 2, { kind: 'decision', selected: [2] });
    await me.ok('POST', `/api/v1/decisions/${id}/asks/2/undo`);
    await me.answer(id, 1, { kind: 'approval', decision: 'approve' });
    await me.answer(id, 2, { kind: 'decision', selected: [2] });
    await save('decision-undo-open-ask', decisionWorkflowId(id, cast.deployment));
  });

  it('edit (advisory to blocking holds the task), re-file the same question from the session, withdraw', async () => {
    const me = await member();
    await me.ok('POST', '/api/v1/webhooks', { url: receiverUrl, events: ['decision.withdrawn'] });
    const session = await me.session();
    const task = await me.task();
    const body = { question: 'Which tier?', context, asks: [tierAsk()], mode: 'advisory', defaultOption: 2, session, task: task.id };
    const id = await fileId(me, body);
    await me.ok('PATCH', `/api/v1/decisions/${id}`, { context: `${context} Edited.`, mode: 'blocking' });
    const again = await me.file({ ...body, mode: 'blocking', defaultOption: undefined, context: `${context} Filed again.` });
    expect(again.body.decision.id).toBe(id);
    await me.ok('POST', `/api/v1/decisions/${id}/withdraw`, {});
    await save('decision-edit-refile-withdraw', decisionWorkflowId(id, cast.deployment));
  });

  it('archive, restore, answer', async () => {
    const me = await member();
    const id = await fileId(me, { question: 'Archive me?', context, asks: [tierAsk()] });
    await me.ok('POST', `/api/v1/decisions/${id}/archive`, {});
    await me.ok('POST', `/api/v1/decisions/${id}/restore`, {});
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    await save('decision-archive-restore', decisionWorkflowId(id, cast.deployment));
  });

  it('work gone: the run cancelled and the task deleted archive it (a signal); restored and answered', async () => {
    const me = await member();
    const session = await me.session();
    const parked = await me.run(session, 'parked');
    const task = await me.task();
    const id = await fileId(me, { question: 'Gone work', context, asks: [tierAsk()], session, run: parked.id, task: task.id });
    await me.ok('PATCH', `/api/v1/runs/${parked.id}`, { status: 'cancelled' });
    expect((await cast.request(me.member.token, 'DELETE', `/api/v1/tasks/${task.id}`)).status).toBe(204);
    expect(
      (
        await until(
          () => me.decision(id),
          (decision) => decision.status === 'archived',
        )
      ).status,
    ).toBe('archived');
    await me.ok('POST', `/api/v1/decisions/${id}/restore`, {});
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    await save('decision-work-gone-archived', decisionWorkflowId(id, cast.deployment));
  });

  it('a restart that cannot happen fails delivery; Run now retries it', async () => {
    const me = await member();
    const session = await me.session();
    const parked = await me.run(session, 'parked');
    await me.ok('POST', `/api/v1/sessions/${session}/stop`);
    const id = await fileId(me, { question: 'Restart me?', context, asks: [tierAsk()], session, run: parked.id });
    await me.answer(id, 1, { kind: 'decision', selected: [2] });
    expect((await me.delivered(id)).delivery?.kind).toBe('failed');
    await me.ok('POST', `/api/v1/sessions/${session}/heartbeat`);
    await me.ok('POST', `/api/v1/decisions/${id}/run-now`);
    await save('decision-run-now', decisionWorkflowId(id, cast.deployment));
  });

  it('an approval settled through its own door, and an escalation answered in the queue', async () => {
    const me = await member();
    const { approval } = await me.ok<{ approval: { id: string; decisionId: string } }>('POST', '/api/v1/approvals', {
      actionType: 'send_message',
      summary: 'Send the launch email to 4,000 customers',
      risks: ['external_reach'],
    });
    await me.ok('POST', `/api/v1/approvals/${approval.id}/approve`, {});
    const { escalation } = await me.ok<{ escalation: { decisionId: string } }>('POST', '/api/v1/escalations', {
      reasonCode: 'ambiguous_instructions',
      summary: 'Two lists.',
      mustDecide: 'Which supplier list is authoritative?',
      options: ['Finance', 'Ops'],
    });
    await me.answer(escalation.decisionId, 1, { kind: 'decision', selected: [2] }, 'Ops owns it now.');
    await save('decision-approval-settled', decisionWorkflowId(approval.decisionId, cast.deployment));
    await save('decision-escalation-answered', decisionWorkflowId(escalation.decisionId, cast.deployment));
  });

  it('a stack: one advisory member auto-defaulted at its deadline, one removed and answered by a person', async () => {
    const me = await member();
    const { stack } = await me.ok<{ stack: { id: string } }>('POST', '/api/v1/stacks', {
      title: 'Launch checklist',
      autoDefaultSeconds: 2,
    });
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
    await me.ok('DELETE', `/api/v1/stacks/${stack.id}/members/${removed}`);
    await me.answer(removed, 1, { kind: 'decision', selected: [2] });
    await save('decision-stack-auto-default', decisionWorkflowId(auto, cast.deployment));
    await save('decision-stack-removed', decisionWorkflowId(removed, cast.deployment));
    await until(
      () => me.ok<{ stack: { status: string } }>('GET', `/api/v1/stacks/${stack.id}`),
      (body) => body.stack.status === 'closed',
    );
    // A closed stack waits ten minutes for a member to reopen; its history so far is what replays.
    await save('stack-closed', stackWorkflowId(stack.id, cast.deployment), { running: true });
    await client.workflow.getHandle(stackWorkflowId(stack.id, cast.deployment)).terminate('recorded');
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
    const operation = new WithStartWorkflowOperation<typeof decisionWorkflow>(DECISION_WORKFLOW, {
      workflowId: decisionWorkflowId(start.id, cast.deployment),
      taskQueue: cast.taskQueue,
      args: [start],
      workflowIdConflictPolicy: 'FAIL',
    });
    await expect(
      client.workflow.executeUpdateWithStart(fileDecisionUpdate, { args: [start], startWorkflowOperation: operation }),
    ).rejects.toThrow();
    await save('decision-expired-filing', decisionWorkflowId(start.id, cast.deployment));
  });
});
