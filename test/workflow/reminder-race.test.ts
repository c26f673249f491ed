/**
 * Issue 40 item 7: a reminder racing an answer is never sent after the answer is recorded. On the
 * real dev server with a reminder due in under a second (the plan is a workflow input), answers
 * land just before, at and just after the timer; whatever the interleaving, the outbox (read in
 * the notifier's order) never holds a reminder after the answer. The guard that makes it so — the
 * announcement is written only while the decision's row is still at the revision its timer saw —
 * is then proven on its own, deterministically.
 */
import { type Client, WithStartWorkflowOperation } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceReach } from '../../activities/announce-reach';
import type { DecisionSnapshot } from '../../domain/decision';
import type { ReminderPlan } from '../../domain/reminders';
import type { decisionWorkflow } from '../../workflows/decision-workflow';
import {
  DECISION_WORKFLOW,
  DECISION_WORKFLOW_VERSION,
  answerAskUpdate,
  decisionWorkflowId,
  fileDecisionUpdate,
} from '../../workflows/messages';
import { decisionBody, decisionStart } from '../support/fixtures';
import type { Member, TestCast } from '../support/test-cast';
import { startWorkflowTestCast } from '../support/workflow-test-cast';

let cast: TestCast;
let member: Member;
let client: Client;
let stop = async () => {};

beforeAll(async () => {
  ({ cast, member, client, stop } = await startWorkflowTestCast());
});

afterAll(() => stop());

let nextNumber = (Date.now() % 1_000_000_000) + 1_500_000_000;

const REMIND_AFTER_MS = 800;
const plan = (remindAfterMs: number): ReminderPlan => ({
  remindAfterMs,
  backupAfterMs: remindAfterMs * 100,
  backupMemberId: null,
  deadlineLeadMs: 60_000,
});

async function file(remindAfterMs: number) {
  const start = {
    ...decisionStart(decisionBody(`Race ${randomUUID()}`), {
      id: `sd-${++nextNumber}`,
      workspaceId: member.workspaceId,
      filedBy: member.memberId,
    }),
    workflowVersion: DECISION_WORKFLOW_VERSION,
    reminders: plan(remindAfterMs),
    undoWindowMs: 300,
  };
  const startWorkflowOperation = new WithStartWorkflowOperation<typeof decisionWorkflow>(DECISION_WORKFLOW, {
    workflowId: decisionWorkflowId(start.id, undefined),
    taskQueue: cast.taskQueue,
    args: [start],
    workflowIdConflictPolicy: 'FAIL',
  });
  const filed = await client.workflow.executeUpdateWithStart(fileDecisionUpdate, { args: [start], startWorkflowOperation });
  return { filed, handle: await startWorkflowOperation.workflowHandle() };
}

const answer = { ask: 1, value: { kind: 'decision' as const, selected: [2] }, reason: null, answeredBy: 'someone' };

/** The decision's events in the order the notifier hands them on: by writing transaction, then sequence. */
async function outboxOrder(id: string): Promise<string[]> {
  const { rows } = await cast.pool.query<{ kind: string }>(
    `select kind from outbox_events where subject_id = $1 and kind in ('reminder.due', 'decision.answered') order by xid, seq`,
    [id],
  );
  return rows.map((row) => row.kind);
}

describe('issue 40 item 7: a reminder racing the answer', () => {
  it('is never in the outbox after the answer, however the two interleave', async () => {
    for (const offset of [-120, -40, -10, 0, 10, 40, 120]) {
      const { filed, handle } = await file(REMIND_AFTER_MS);
      const due = Date.parse(filed.createdAt) + REMIND_AFTER_MS;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due + offset - Date.now())));
      await handle.executeUpdate(answerAskUpdate, { args: [answer] });
      await handle.result();
      const order = await outboxOrder(filed.id);
      expect(order.at(-1), `answered ${offset} ms from the reminder: ${order.join(', ')}`).toBe('decision.answered');
    }
  });

  it('the guard: an announcement whose decision was answered since its timer fired writes nothing', async () => {
    const { filed, handle } = await file(60 * 60_000);
    const answered = await handle.executeUpdate(answerAskUpdate, { args: [answer] });
    expect(answered.revision).toBeGreaterThan(filed.revision);
    const notice = { kind: 'reminder' as const, nth: 1, backup: false, backupMemberId: null };

    // The state its timer saw: open, at the filing's revision. The row has moved on: nothing is written.
    expect(await announceReach(cast.pool, filed as DecisionSnapshot, notice)).toMatchObject({ written: false });
    const { rows } = await cast.pool.query(`select 1 from outbox_events where subject_id = $1 and kind = 'reminder.due'`, [filed.id]);
    const { rows: entries } = await cast.pool.query(`select 1 from activity where subject_id = $1 and kind = 'reminded'`, [filed.id]);
    expect([rows.length, entries.length]).toEqual([0, 0]);

    // At the row's own revision the same announcement is written, once, retries included.
    const other = await file(60 * 60_000);
    expect(await announceReach(cast.pool, other.filed, notice)).toMatchObject({ written: true, memberIds: [member.memberId] });
    expect(await announceReach(cast.pool, other.filed, notice)).toMatchObject({ written: false });
    expect(await outboxOrder(other.filed.id)).toEqual(['reminder.due']);
    await handle.terminate('test over').catch(() => undefined);
    await other.handle.terminate('test over');
  });
});
