/**
 * Issue 40 items 7, 8: reminders and expiry warnings are durable timers of the decision workflow,
 * at their true lengths on Temporal's time-skipping test server (an hour, four hours, a 24-hour
 * stack deadline pass in moments). Answers are Updates, during which time stands still, so each
 * is sent before or after a skip, never across one. What a timer announces is read back from the
 * outbox and the activity history the notifier and the web read.
 */
import { type Client, WithStartWorkflowOperation, WorkflowNotFoundError } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../db/tenancy';
import type { DecisionSnapshot, DecisionSource } from '../../domain/decision';
import type { ReminderPlan } from '../../domain/reminders';
import type { decisionWorkflow } from '../../workflows/decision-workflow';
import {
  DECISION_WORKFLOW,
  DECISION_WORKFLOW_VERSION,
  answerAskUpdate,
  decisionQuery,
  decisionWorkflowId,
  fileDecisionUpdate,
} from '../../workflows/messages';
import { decisionBody, decisionStart } from '../support/fixtures';
import type { Member, TestCast } from '../support/test-cast';
import { stackOverDecision, startTimeSkippingCast } from '../support/workflow-test-cast';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let cast: TestCast;
let member: Member;
let client: Client;
let env: TestWorkflowEnvironment;
let stop = async () => {};
/** Dana and Sam may answer, Sam is also the backup, Vic only views: the owner (`member`), Dana and Sam are the decision's people. */
let dana: string;
let sam: string;

beforeAll(async () => {
  ({ cast, member, client, env, stop } = await startTimeSkippingCast());
  dana = await createMember(cast.pool, member.workspaceId, 'Dana', false, 'member');
  sam = await createMember(cast.pool, member.workspaceId, 'Sam', false, 'member');
  await createMember(cast.pool, member.workspaceId, 'Vic', false, 'viewer');
});

afterAll(() => stop());

let nextNumber = (Date.now() % 1_000_000_000) + 1_300_000_000;

const plan = (change: Partial<ReminderPlan> = {}): ReminderPlan => ({
  remindAfterMs: HOUR,
  backupAfterMs: 4 * HOUR,
  backupMemberId: null,
  deadlineLeadMs: 15 * MINUTE,
  ...change,
});

async function file(reminders: ReminderPlan, extra: { mode?: 'advisory'; defaultOption?: number; source?: DecisionSource } = {}) {
  const { source, ...body } = extra;
  const start = {
    ...decisionStart(
      { ...decisionBody(`Reminders ${randomUUID()}`), ...body },
      { id: `sd-${++nextNumber}`, workspaceId: member.workspaceId, filedBy: member.memberId },
    ),
    ...(source ? { source } : {}),
    workflowVersion: DECISION_WORKFLOW_VERSION,
    reminders,
  };
  const startWorkflowOperation = new WithStartWorkflowOperation<typeof decisionWorkflow>(DECISION_WORKFLOW, {
    workflowId: decisionWorkflowId(start.id, undefined),
    taskQueue: cast.taskQueue,
    args: [start],
    workflowIdConflictPolicy: 'FAIL',
  });
  const filed = await client.workflow.executeUpdateWithStart(fileDecisionUpdate, { args: [start], startWorkflowOperation });
  return { id: filed.id, handle: await startWorkflowOperation.workflowHandle() };
}

type OutboxRow = { kind: string; data: { memberId?: string; nth?: number; backup?: boolean; at?: string; answersWith?: string | null } };

async function events(id: string, kind: string): Promise<OutboxRow['data'][]> {
  const { rows } = await cast.pool.query<OutboxRow>(
    'select kind, data from outbox_events where subject_id = $1 and kind = $2 order by seq',
    [id, kind],
  );
  return rows.map((row) => row.data);
}

async function entries(id: string, kind: string): Promise<Record<string, unknown>[]> {
  const { rows } = await cast.pool.query<{ detail: Record<string, unknown> }>(
    'select detail from activity where subject_id = $1 and kind = $2 order by seq',
    [id, kind],
  );
  return rows.map((row) => row.detail);
}

const answer = { ask: 1, value: { kind: 'decision' as const, selected: [2] }, reason: null, answeredBy: 'someone' };

describe('issue 40 item 7: reminders', () => {
  it('an hour unanswered reminds each member who may answer; past four hours, the backup', async () => {
    const { id, handle } = await file(plan({ backupMemberId: sam }));
    await env.sleep(HOUR - MINUTE);
    expect(await events(id, 'reminder.due')).toEqual([]);

    await env.sleep(2 * MINUTE);
    await expect.poll(() => events(id, 'reminder.due')).toHaveLength(3);
    const first = await events(id, 'reminder.due');
    // The viewer is not one of its people: only those who may answer are reminded.
    expect(first.map((data) => data.memberId).sort()).toEqual([member.memberId, dana, sam].sort());
    expect(first.every((data) => data.nth === 1 && data.backup === false)).toBe(true);
    expect(await entries(id, 'reminded')).toEqual([
      expect.objectContaining({ nth: 1, backup: false, members: [member.memberId, dana, sam] }),
    ]);

    await env.sleep(3 * HOUR);
    await expect.poll(async () => (await events(id, 'reminder.due')).length).toBe(4);
    expect((await events(id, 'reminder.due'))[3]).toMatchObject({ memberId: sam, nth: 2, backup: true });
    expect((await entries(id, 'reminded'))[1]).toMatchObject({ nth: 2, backup: true, members: [sam] });

    await handle.executeUpdate(answerAskUpdate, { args: [{ ...answer, answeredBy: dana }] });
    await handle.result();
    expect(await events(id, 'reminder.due')).toHaveLength(4);
  });

  it('the answer cancels the reminder timers: nothing is sent after it', async () => {
    const { id, handle } = await file(plan({ backupMemberId: sam }));
    await env.sleep(30 * MINUTE);
    await handle.executeUpdate(answerAskUpdate, { args: [{ ...answer, answeredBy: dana }] });
    // Awaiting the result skips through the undo window and on past both reminders' moments.
    await env.sleep(5 * HOUR);
    expect((await handle.result()) as DecisionSnapshot).toMatchObject({ status: 'resolved' });
    expect(await events(id, 'reminder.due')).toEqual([]);
    expect(await entries(id, 'reminded')).toEqual([]);
    const history = await handle.fetchHistory();
    // The reminder's timer was started with the filing and cancelled by the answer.
    expect(history.events?.some((event) => event.timerStartedEventAttributes)).toBe(true);
    expect(history.events?.some((event) => event.timerCanceledEventAttributes)).toBe(true);
  });

  it('with no backup named there is no second reminder; an advisory decision reminds nobody', async () => {
    const blocking = await file(plan());
    const advisory = await file(plan({ backupMemberId: sam }), { mode: 'advisory', defaultOption: 1 });
    await env.sleep(5 * HOUR);
    await expect.poll(async () => (await events(blocking.id, 'reminder.due')).length).toBe(3);
    expect((await events(blocking.id, 'reminder.due')).every((data) => data.nth === 1)).toBe(true);
    expect(await events(advisory.id, 'reminder.due')).toEqual([]);
    await blocking.handle.terminate('test over');
    await advisory.handle.terminate('test over');
  });
});

describe('issue 40 item 8: expiry you can see', () => {
  it('a host prompt waiting ten minutes warns at half its wait that nobody will answer it, then expires', async () => {
    const waitsUntil = new Date((await env.currentTimeMs()) + 10 * MINUTE).toISOString();
    const source: DecisionSource = {
      kind: 'permission',
      id: randomUUID(),
      tool: 'Bash',
      lastAssistantMessage: null,
      pinned: null,
      toolInput: { command: 'rm -rf build' },
      waitsUntil,
    };
    const { id, handle } = await file(plan(), { source });
    await env.sleep(4 * MINUTE);
    expect(await events(id, 'deadline.near')).toEqual([]);
    await env.sleep(2 * MINUTE);
    await expect.poll(() => events(id, 'deadline.near')).toHaveLength(1);
    expect((await events(id, 'deadline.near'))[0]).toMatchObject({ at: waitsUntil, answersWith: null });
    expect((await handle.result()) as DecisionSnapshot).toMatchObject({ status: 'withdrawn' });
    expect(await events(id, 'decision.expired')).toHaveLength(1);
  });

  // Last in the file, as in time-skipping.test.ts: the stack's workflow outlives it.
  it("deadline.near 15 minutes before a stack's auto-default, saying what it will answer and when", async () => {
    const { id, handle } = await file(plan(), { mode: 'advisory', defaultOption: 3 });
    const { stack, deadline } = await stackOverDecision(
      { cast, member, client },
      { id, handle },
      { number: ++nextNumber, autoDefaultMs: 24 * HOUR },
    );

    await env.sleep(Date.parse(deadline) - (await env.currentTimeMs()) - 16 * MINUTE);
    expect(await events(id, 'deadline.near')).toEqual([]);
    await env.sleep(2 * MINUTE);
    await expect.poll(() => events(id, 'deadline.near')).toHaveLength(1);
    expect((await events(id, 'deadline.near'))[0]).toMatchObject({ at: deadline, answersWith: 'Merge both' });
    expect(await entries(id, 'deadline_near')).toEqual([expect.objectContaining({ at: deadline, answersWith: 'Merge both' })]);
    expect(await handle.query(decisionQuery)).toMatchObject({ status: 'open' });

    // Then the default answers, as it said.
    expect((await handle.result()) as DecisionSnapshot).toMatchObject({ status: 'resolved', asks: [{ answer: { automatic: true } }] });
    expect(await events(id, 'deadline.near')).toHaveLength(1);
    await stack.terminate('test over').catch((error: unknown) => {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    });
  });
});
