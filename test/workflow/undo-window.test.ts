/**
 * The undo window as the decision workflow keeps it (FR-37): a durable timer whose length is
 * a workflow input, on the real Temporal dev server.
 */
import { type Client, WithStartWorkflowOperation, WorkflowUpdateFailedError } from '@temporalio/client';
import type { ApplicationFailure } from '@temporalio/common';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerCommand } from '../../domain/decision-state';
import type { decisionWorkflow } from '../../workflows/decision-workflow';
import { DECISION_WORKFLOW, answerAskUpdate, decisionWorkflowId, fileDecisionUpdate, undoAnswerUpdate } from '../../workflows/messages';
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

let nextNumber = (Date.now() % 1_000_000_000) + 500_000_000;

async function file(asks: number, undoWindowMs: number) {
  const start = {
    ...decisionStart(decisionBody(`Undo window ${randomUUID()}`, asks), {
      id: `sd-${++nextNumber}`,
      workspaceId: member.workspaceId,
      filedBy: member.memberId,
    }),
    undoWindowMs,
  };
  const startWorkflowOperation = new WithStartWorkflowOperation<typeof decisionWorkflow>(DECISION_WORKFLOW, {
    workflowId: decisionWorkflowId(start.id, undefined),
    taskQueue: cast.taskQueue,
    args: [start],
    workflowIdConflictPolicy: 'FAIL',
  });
  await client.workflow.executeUpdateWithStart(fileDecisionUpdate, { args: [start], startWorkflowOperation });
  return startWorkflowOperation.workflowHandle();
}

const answer = (ask: number): AnswerCommand => ({
  ask,
  value: { kind: 'decision', selected: [2] },
  reason: null,
  answeredBy: member.memberId,
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => expect.unreachable('the update should have been rejected'),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WorkflowUpdateFailedError);
  return ((error as WorkflowUpdateFailedError).cause as ApplicationFailure).type ?? '';
}

describe('the undo window', () => {
  it('keeps the resolved decision running until the window closes, accepts an undo inside it, and ends after it', async () => {
    const handle = await file(1, 1500);
    await handle.executeUpdate(answerAskUpdate, { args: [answer(1)] });
    expect((await handle.describe()).status.name).toBe('RUNNING');
    const undone = await handle.executeUpdate(undoAnswerUpdate, { args: [{ ask: 1, by: member.memberId }] });
    expect(undone).toMatchObject({ status: 'open', asks: [{ status: 'open', answer: null }] });

    const answeredAt = Date.now();
    await handle.executeUpdate(answerAskUpdate, { args: [answer(1)] });
    const final = await handle.result();
    // A timer never fires early: the workflow cannot end before the newest answer's window closed.
    expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(1500);
    expect(final).toMatchObject({
      status: 'resolved',
      asks: [{ status: 'answered', withdrawnAnswers: [{ answeredBy: member.memberId }] }],
    });
  });

  it('refuses an undo after the window, writing nothing', async () => {
    const handle = await file(2, 300);
    const answered = await handle.executeUpdate(answerAskUpdate, { args: [answer(1)] });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await codeOf(handle.executeUpdate(undoAnswerUpdate, { args: [{ ask: 1, by: member.memberId }] }))).toBe('undo_window_passed');
    expect(await handle.query('decision')).toMatchObject({ revision: answered.revision, status: 'open' });
  });

  it('an undo and an answer to another ask at the same moment both land, in either order', async () => {
    for (let round = 0; round < 4; round += 1) {
      const handle = await file(2, 60_000);
      await handle.executeUpdate(answerAskUpdate, { args: [answer(1)] });
      await Promise.all([
        handle.executeUpdate(undoAnswerUpdate, { args: [{ ask: 1, by: member.memberId }] }),
        handle.executeUpdate(answerAskUpdate, { args: [answer(2)] }),
      ]);
      const state = await handle.query<{ status: string; asks: Array<{ status: string }> }>('decision');
      expect({ status: state.status, asks: state.asks.map((ask) => ask.status) }).toEqual({ status: 'open', asks: ['open', 'answered'] });
      await handle.terminate('test over');
    }
  });
});
