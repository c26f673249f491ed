/**
 * The decision workflow's timers at their true lengths, on Temporal's time-skipping test
 * server: the 10-minute undo window (FR-37) and a stack's 24-hour auto-default deadline pass
 * in moments. Answers and undos are Updates, during which time stands still, so each is sent
 * before or after a skip, never across one; the timers fire while the test skips.
 */
import { type Client, WithStartWorkflowOperation, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import type { ApplicationFailure } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionSnapshot } from '../../domain/decision';
import type { AnswerCommand } from '../../domain/decision-state';
import type { decisionWorkflow } from '../../workflows/decision-workflow';
import {
  DECISION_WORKFLOW,
  answerAskUpdate,
  decisionQuery,
  decisionWorkflowId,
  fileDecisionUpdate,
  undoAnswerUpdate,
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

beforeAll(async () => {
  ({ cast, member, client, env, stop } = await startTimeSkippingCast());
});

afterAll(() => stop());

let nextNumber = (Date.now() % 1_000_000_000) + 1_100_000_000;

/** Files a decision with Cast's own undo window (no override), as update-with-start like the API. */
async function file(asks: number, extra: { mode?: 'advisory'; defaultOption?: number } = {}) {
  const start = decisionStart(
    { ...decisionBody(`Time skipping ${randomUUID()}`, asks), ...extra },
    { id: `sd-${++nextNumber}`, workspaceId: member.workspaceId, filedBy: member.memberId },
  );
  const startWorkflowOperation = new WithStartWorkflowOperation<typeof decisionWorkflow>(DECISION_WORKFLOW, {
    workflowId: decisionWorkflowId(start.id, undefined),
    taskQueue: cast.taskQueue,
    args: [start],
    workflowIdConflictPolicy: 'FAIL',
  });
  const filed = await client.workflow.executeUpdateWithStart(fileDecisionUpdate, { args: [start], startWorkflowOperation });
  return { id: filed.id, handle: await startWorkflowOperation.workflowHandle() };
}

const answer = (ask: number): AnswerCommand => ({
  ask,
  value: { kind: 'decision', selected: [2] },
  reason: null,
  answeredBy: member.memberId,
});
const undo = (ask: number) => ({ ask, by: member.memberId });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => expect.unreachable('the update should have been rejected'),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WorkflowUpdateFailedError);
  return ((error as WorkflowUpdateFailedError).cause as ApplicationFailure).type ?? '';
}

describe('the 10-minute undo window', () => {
  it('still takes an undo 9 minutes 50 seconds after the answer', async () => {
    const { handle } = await file(1);
    await handle.executeUpdate(answerAskUpdate, { args: [answer(1)] });
    // The test server's clock also runs in real time between the skip and the update's arrival:
    // ten seconds of it, not one, so a loaded machine cannot carry the update past the window.
    await env.sleep(10 * MINUTE - 10_000);
    const undone = await handle.executeUpdate(undoAnswerUpdate, { args: [undo(1)] });
    expect(undone).toMatchObject({ status: 'open', asks: [{ status: 'open', answer: null }] });
    await handle.terminate('test over');
  });

  it('refuses an undo once 10 minutes have passed, and a resolved decision becomes final when its window closes', async () => {
    const { handle } = await file(2);
    const first = await handle.executeUpdate(answerAskUpdate, { args: [answer(1)] });
    await env.sleep(10 * MINUTE + 1000);
    expect(await codeOf(handle.executeUpdate(undoAnswerUpdate, { args: [undo(1)] }))).toBe('undo_window_passed');
    expect(await handle.query(decisionQuery)).toMatchObject({ revision: first.revision, status: 'open' });

    const resolved = await handle.executeUpdate(answerAskUpdate, { args: [answer(2)] });
    expect(resolved.status).toBe('resolved');
    const answeredAt = Date.parse(resolved.asks[1]!.answer!.answeredAt);
    // Just inside its window the resolved decision is still running: an undo could reopen it.
    await env.sleep(10 * MINUTE - 1000);
    expect((await handle.describe()).status.name).toBe('RUNNING');

    // Awaiting the result skips time to the window's close, where the workflow ends.
    expect(await handle.result()).toMatchObject({ status: 'resolved' });
    const closedAt = (await handle.describe()).closeTime!.getTime();
    expect(closedAt - answeredAt).toBeGreaterThanOrEqual(10 * MINUTE);
    expect(closedAt - answeredAt).toBeLessThan(10 * MINUTE + MINUTE);
  });
});

describe('a stack deadline of 24 hours', () => {
  it('answers an advisory member with its default when the deadline passes, and not a minute before', async () => {
    const { id, handle } = await file(1, { mode: 'advisory', defaultOption: 2 });
    const { stack, deadline: dueAt } = await stackOverDecision(
      { cast, member, client },
      { id, handle },
      { number: ++nextNumber, autoDefaultMs: 24 * HOUR },
    );
    const deadline = Date.parse(dueAt);
    expect(deadline - (await env.currentTimeMs())).toBeGreaterThan(24 * HOUR - MINUTE);

    await env.sleep(24 * HOUR - MINUTE);
    expect(await handle.query(decisionQuery)).toMatchObject({ status: 'open', asks: [{ answer: null }] });

    // Awaiting the result skips to the deadline, where the default answers, and on through the undo window.
    const final = (await handle.result()) as DecisionSnapshot;
    const answered = final.asks[0]!.answer!;
    expect(final.status).toBe('resolved');
    expect(answered).toMatchObject({ value: { kind: 'decision', selected: [2] }, automatic: true, answeredBy: 'auto-default' });
    expect(Date.parse(answered.answeredAt) - deadline).toBeGreaterThanOrEqual(0);
    expect(Date.parse(answered.answeredAt) - deadline).toBeLessThan(MINUTE);
    // Its only member answered, the stack may already have closed and finished.
    await stack.terminate('test over').catch((error: unknown) => {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    });
  });
});
