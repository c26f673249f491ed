/**
 * Issue 41 items 3, 4 on Temporal's time-skipping test server: an approval ask that needs two of
 * three people resolves on the second approval, one rejection vetoes it, the same person counts
 * once, the asker's own approval is refused when the workspace separates duties, and undo takes
 * back only the undoer's approval — inside its 10-minute window, which the server skips past.
 * Each refusal comes from the update's validator, so nothing reaches the history or the row.
 */
import { type Client, WithStartWorkflowOperation, WorkflowUpdateFailedError } from '@temporalio/client';
import type { ApplicationFailure } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalPolicy } from '../../domain/approval-quorum';
import type { AnswerCommand } from '../../domain/decision-state';
import { getDecision } from '../../db/decision-queries';
import { createMember } from '../../db/tenancy';
import type { decisionWorkflow } from '../../workflows/decision-workflow';
import {
  DECISION_WORKFLOW,
  DECISION_WORKFLOW_VERSION,
  answerAskUpdate,
  decisionQuery,
  decisionWorkflowId,
  fileDecisionUpdate,
  undoAnswerUpdate,
} from '../../workflows/messages';
import { approvalAsk } from '../support/agent-world';
import { decisionStart } from '../support/fixtures';
import type { Member, TestCast } from '../support/test-cast';
import { startTimeSkippingCast } from '../support/workflow-test-cast';

const MINUTE = 60_000;

let cast: TestCast;
let asker: Member;
let client: Client;
let env: TestWorkflowEnvironment;
let stop = async () => {};
let dana = '';
let eli = '';
let fay = '';

beforeAll(async () => {
  ({ cast, member: asker, client, env, stop } = await startTimeSkippingCast());
  const [a, b, c] = await Promise.all(['Dana', 'Eli', 'Fay'].map((name) => createMember(cast.pool, asker.workspaceId, name)));
  [dana, eli, fay] = [a!, b!, c!];
});

afterAll(() => stop());

let nextNumber = (Date.now() % 1_000_000_000) + 1_300_000_000;

const NO_POLICY: ApprovalPolicy = { actions: {}, risks: {}, asker: '' };

/** Files one approval ask (an `override_budget`), as the API does: update-with-start, stamped with a version. */
async function file(options: { required?: number; policy?: Partial<ApprovalPolicy>; workflowVersion?: number } = {}) {
  const summary = `Spend $240 on the data feed (${randomUUID()})`;
  const ask = {
    ...(approvalAsk(summary) as {
      kind: 'approval';
      prompt: string;
      action: { kind: 'override_budget'; summary: string };
      risks: string[];
    }),
    ...(options.required ? { approvers: { required: options.required } } : {}),
  };
  const start = {
    ...decisionStart(
      { question: 'May the agent spend $240 on the data feed?', asks: [ask] },
      { id: `sd-${++nextNumber}`, workspaceId: asker.workspaceId, filedBy: asker.memberId },
    ),
    workflowVersion: options.workflowVersion ?? DECISION_WORKFLOW_VERSION,
    approvalPolicy: { ...NO_POLICY, asker: asker.memberId, ...options.policy },
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

const approve = (by: string): AnswerCommand => ({
  ask: 1,
  value: { kind: 'approval', decision: 'approve' },
  reason: null,
  answeredBy: by,
  channel: 'web',
});
const reject = (by: string): AnswerCommand => ({
  ask: 1,
  value: { kind: 'approval', decision: 'reject' },
  reason: 'Not this month.',
  answeredBy: by,
  channel: 'cli',
});
const undo = (by: string) => ({ ask: 1, by });

async function refusal(promise: Promise<unknown>): Promise<{ code: string; details: unknown }> {
  const error = await promise.then(
    () => expect.unreachable('the update should have been refused'),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WorkflowUpdateFailedError);
  const cause = (error as WorkflowUpdateFailedError).cause as ApplicationFailure;
  return { code: cause.type ?? '', details: cause.details?.[0] };
}

describe('issue 41 item 3: an approval that needs two of three people', () => {
  it('records the first approval and stays open; the same person cannot count twice; the second approval resolves it', async () => {
    const { filed, handle } = await file({ required: 2 });
    expect(filed.asks[0]).toMatchObject({ status: 'open', quorum: { required: 2, barred: null, approvals: [] } });

    const first = await handle.executeUpdate(answerAskUpdate, { args: [approve(dana)] });
    expect(first.status).toBe('open');
    expect(first.asks[0]).toMatchObject({ status: 'open', answer: null, quorum: { approvals: [{ by: dana, channel: 'web' }] } });
    // The approval carries its provenance, whose digest names the ask as asked (the approvals so far are not part of it).
    const digest = (first.asks[0] as { quorum: { approvals: Array<{ provenance: { inputDigest: string } }> } }).quorum.approvals[0]!
      .provenance.inputDigest;
    // Mirrored before the update returned: the row shows the approval and counts the ask unanswered.
    const row = await getDecision(cast.pool, asker, filed.id);
    expect(row).toMatchObject({ status: 'open', revision: first.revision, progress: { answered: 0, required: 1 } });

    const twice = await refusal(handle.executeUpdate(answerAskUpdate, { args: [approve(dana)] }));
    expect(twice).toMatchObject({ code: 'already_approved', details: { approvals: 1, required: 2 } });
    expect((await handle.query(decisionQuery)).revision).toBe(first.revision);

    const second = await handle.executeUpdate(answerAskUpdate, { args: [approve(eli)] });
    expect(second.status).toBe('resolved');
    expect(second.asks[0]).toMatchObject({
      status: 'answered',
      answer: { value: { decision: 'approve' }, answeredBy: eli },
      quorum: { approvals: [{ by: dana }, { by: eli }] },
    });
    const approvals = (second.asks[0] as { quorum: { approvals: Array<{ provenance: { inputDigest: string } }> } }).quorum.approvals;
    expect(approvals[1]!.provenance.inputDigest).toBe(digest);
    // First writer wins for the outcome: the third person is too late.
    expect((await refusal(handle.executeUpdate(answerAskUpdate, { args: [approve(fay)] }))).code).toBe('ask_already_answered');
    await handle.terminate('test over');
  });

  it('one rejection vetoes it at once, whatever approvals came before', async () => {
    const { handle } = await file({ required: 3 });
    await handle.executeUpdate(answerAskUpdate, { args: [approve(dana)] });
    const vetoed = await handle.executeUpdate(answerAskUpdate, { args: [reject(eli)] });
    expect(vetoed.status).toBe('resolved');
    expect(vetoed.asks[0]).toMatchObject({ status: 'answered', answer: { value: { decision: 'reject' }, answeredBy: eli } });
    expect((await refusal(handle.executeUpdate(answerAskUpdate, { args: [approve(fay)] }))).code).toBe('ask_already_answered');
    await handle.terminate('test over');
  });

  it("the workspace's minimum for the action kind raises the agent's count, never lowers it", async () => {
    const raised = await file({ required: 1, policy: { actions: { override_budget: { minimum: 3, separation: false } } } });
    expect(raised.filed.asks[0]).toMatchObject({ quorum: { required: 3 } });
    const kept = await file({ required: 4, policy: { actions: { override_budget: { minimum: 2, separation: false } } } });
    expect(kept.filed.asks[0]).toMatchObject({ quorum: { required: 4 } });
    // A risk the ask names counts too: its flag's words as an approval record shows them, or the flag.
    const risky = await file({ policy: { risks: { 'Recurring monthly charge': { minimum: 2, separation: false } } } });
    expect(risky.filed.asks[0]).toMatchObject({ quorum: { required: 2 } });
    // One approver and nobody barred: the ask is as it was before issue 41.
    const plain = await file();
    expect(plain.filed.asks[0]).not.toHaveProperty('quorum');
    await Promise.all([raised, kept, risky, plain].map(({ handle }) => handle.terminate('test over')));
  });

  it('undo takes back only the undoer’s approval, inside its own 10-minute window', async () => {
    const { handle } = await file({ required: 2 });
    await handle.executeUpdate(answerAskUpdate, { args: [approve(dana)] });
    const resolved = await handle.executeUpdate(answerAskUpdate, { args: [approve(eli)] });
    expect(resolved.status).toBe('resolved');

    // Fay approved nothing: there is nothing of hers to take back.
    expect((await refusal(handle.executeUpdate(undoAnswerUpdate, { args: [undo(fay)] }))).code).toBe('nothing_to_undo');
    // Eli takes his back: the decision is open again with Dana's approval still counted.
    const undone = await handle.executeUpdate(undoAnswerUpdate, { args: [undo(eli)] });
    expect(undone.status).toBe('open');
    expect(undone.asks[0]).toMatchObject({
      status: 'open',
      answer: null,
      quorum: { approvals: [{ by: dana }] },
      withdrawnAnswers: [{ answeredBy: eli, withdrawnBy: eli, value: { decision: 'approve' } }],
    });
    // Eli may approve again; it resolves once more.
    expect((await handle.executeUpdate(answerAskUpdate, { args: [approve(eli)] })).status).toBe('resolved');
    await handle.executeUpdate(undoAnswerUpdate, { args: [undo(eli)] });

    // Dana's window closes ten minutes after her approval: past it, hers stands.
    await env.sleep(10 * MINUTE + 1000);
    expect((await refusal(handle.executeUpdate(undoAnswerUpdate, { args: [undo(dana)] }))).code).toBe('undo_window_passed');
    expect((await handle.query(decisionQuery)).asks[0]).toMatchObject({ quorum: { approvals: [{ by: dana }] } });
    await handle.terminate('test over');
  });

  it('a decision filed at workflow version 5 ignores a policy: one approval resolves it, as that version did', async () => {
    const { filed, handle } = await file({
      required: 2,
      workflowVersion: 5,
      policy: { actions: { override_budget: { minimum: 2, separation: true } } },
    });
    expect(filed.asks[0]).not.toHaveProperty('quorum');
    expect((await handle.executeUpdate(answerAskUpdate, { args: [approve(asker.memberId)] })).status).toBe('resolved');
    await handle.terminate('test over');
  });
});

describe('issue 41 item 4: separation of duties', () => {
  it("refuses the asker's own approval before it is written, lets them veto, and lets others approve", async () => {
    const policy = { actions: { override_budget: { minimum: 1, separation: true } } };
    const { filed, handle } = await file({ policy });
    expect(filed.asks[0]).toMatchObject({ quorum: { required: 1, barred: asker.memberId, approvals: [] } });
    const refused = await refusal(handle.executeUpdate(answerAskUpdate, { args: [approve(asker.memberId)] }));
    expect(refused.code).toBe('separation_of_duties');
    expect(await handle.query(decisionQuery)).toMatchObject({ status: 'open', revision: filed.revision });
    expect((await handle.executeUpdate(answerAskUpdate, { args: [approve(dana)] })).status).toBe('resolved');
    await handle.terminate('test over');

    // The asker may still stop their own agent's action.
    const second = await file({ policy });
    const vetoed = await second.handle.executeUpdate(answerAskUpdate, { args: [reject(asker.memberId)] });
    expect(vetoed.asks[0]).toMatchObject({ answer: { value: { decision: 'reject' }, answeredBy: asker.memberId } });
    await second.handle.terminate('test over');
  });
});
