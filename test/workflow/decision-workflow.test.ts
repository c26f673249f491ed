/**
 * The decision workflow on a real Temporal dev server, driven the way the API drives it:
 * update-with-start to file, Workflow Updates to answer.
 */
import { type Client, WithStartWorkflowOperation, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionStart } from '../../domain/decision';
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

let nextNumber = Date.now() % 1_000_000_000;

async function file(asks: number, stamp: Pick<DecisionStart, 'workflowVersion'> = {}) {
  const number = ++nextNumber;
  const start = {
    ...decisionStart(decisionBody(`Workflow test ${randomUUID()}`, asks), {
      id: `sd-${number}`,
      workspaceId: member.workspaceId,
      filedBy: member.memberId,
    }),
    // A resolved decision's workflow ends once its undo window closes: short here.
    undoWindowMs: 300,
    ...stamp,
  };
  const startWorkflowOperation = new WithStartWorkflowOperation<typeof decisionWorkflow>(DECISION_WORKFLOW, {
    workflowId: decisionWorkflowId(start.id, undefined),
    taskQueue: cast.taskQueue,
    args: [start],
    workflowIdConflictPolicy: 'FAIL',
  });
  const snapshot = await client.workflow.executeUpdateWithStart(fileDecisionUpdate, { args: [start], startWorkflowOperation });
  return { snapshot, handle: await startWorkflowOperation.workflowHandle() };
}

const answer = (ask: number, selected: number[], answeredBy = member.memberId): AnswerCommand => ({
  ask,
  value: { kind: 'decision', selected },
  // Option 2 is the recommended one; going against it needs a reason (FR-24).
  reason: selected.includes(2) ? null : 'The other schema is what we ship.',
  answeredBy,
});

async function rejectionOf(promise: Promise<unknown>): Promise<ApplicationFailure> {
  const error = await promise.then(
    () => expect.unreachable('the update should have been rejected'),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WorkflowUpdateFailedError);
  const cause = (error as WorkflowUpdateFailedError).cause;
  expect(cause).toBeInstanceOf(ApplicationFailure);
  return cause as ApplicationFailure;
}

describe('decision workflow', () => {
  it('files, answers and resolves; the row is mirrored before each update returns', async () => {
    const { snapshot, handle } = await file(1);
    expect(snapshot).toMatchObject({ status: 'open', revision: 1 });
    expect(await getDecision(cast.pool, member, snapshot.id)).toMatchObject({ status: 'open', revision: 1 });

    const answered = await handle.executeUpdate(answerAskUpdate, { args: [answer(1, [2])] });
    // The resolving answer delivers in the same step (revision 2 resolved, 3 delivered): no session, so nothing to hand over.
    expect(answered).toMatchObject({ status: 'resolved', revision: 3, delivery: { kind: 'nothing', failure: null } });
    // Resolved and delivered in the row before the update returned (no polling).
    const row = await getDecision(cast.pool, member, snapshot.id);
    expect(row).toMatchObject({ status: 'resolved', revision: 3, delivery: { kind: 'nothing' }, progress: { answered: 1, required: 1 } });
    expect(row?.asks[0]?.answer).toMatchObject({ value: { selected: [2] }, answeredBy: member.memberId });
    expect(await handle.result()).toMatchObject({ status: 'resolved' });
  });

  it('filed at the current workflow version, the resolving answer delivers with no patch marker or search-attribute upsert in its history; filed before the stamp, it still takes the patch', async () => {
    const patchEvents = async (handle: Awaited<ReturnType<typeof file>>['handle']) =>
      ((await handle.fetchHistory()).events ?? []).filter(
        (event) => event.markerRecordedEventAttributes?.markerName === 'core_patch' || event.upsertWorkflowSearchAttributesEventAttributes,
      ).length;

    const stamped = await file(1, { workflowVersion: DECISION_WORKFLOW_VERSION });
    const unstamped = await file(1);
    for (const { handle } of [stamped, unstamped]) {
      const answered = await handle.executeUpdate(answerAskUpdate, { args: [answer(1, [2])] });
      expect(answered).toMatchObject({ status: 'resolved', revision: 3, delivery: { kind: 'nothing' } });
    }
    expect(await patchEvents(stamped.handle)).toBe(0);
    // A decision filed before the stamp replays as its history recorded it: the marker and its upsert.
    expect(await patchEvents(unstamped.handle)).toBe(2);
  });

  it('rejects a second answer to the same ask and reports the first', async () => {
    const { handle } = await file(2);
    await handle.executeUpdate(answerAskUpdate, { args: [answer(1, [3])] });

    const other = await createMember(cast.pool, member.workspaceId, 'Second answerer');
    const failure = await rejectionOf(handle.executeUpdate(answerAskUpdate, { args: [answer(1, [1], other)] }));
    expect(failure.type).toBe('ask_already_answered');
    expect(failure.details?.[0]).toMatchObject({
      answer: { value: { kind: 'decision', selected: [3] }, answeredBy: member.memberId },
    });
    const state = await handle.query(decisionQuery);
    expect(state.asks[0]?.answer?.value).toEqual({ kind: 'decision', selected: [3] });
    expect(state.revision).toBe(2);
  });

  it('lets exactly one of many concurrent answers to one ask win', async () => {
    const { handle } = await file(2);
    const racers = await Promise.all([1, 2, 3, 4, 5, 6].map((index) => createMember(cast.pool, member.workspaceId, `Racer ${index}`)));
    const attempts = await Promise.allSettled(
      racers.map((racer, index) => handle.executeUpdate(answerAskUpdate, { args: [answer(1, [(index % 3) + 1], racer)] })),
    );
    const winners = attempts.filter((attempt) => attempt.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    const state = await handle.query(decisionQuery);
    expect(state.revision).toBe(2);
  });

  it('rejects an answer of the wrong shape with a specific message and leaves no trace', async () => {
    const { snapshot, handle } = await file(1);

    const outOfRange = await rejectionOf(handle.executeUpdate(answerAskUpdate, { args: [answer(1, [7])] }));
    expect(outOfRange.type).toBe('option_out_of_range');
    expect(outOfRange.message).toBe('Option 7 does not exist; ask 1 has options 1–3.');

    const twoChoices = await rejectionOf(handle.executeUpdate(answerAskUpdate, { args: [answer(1, [1, 2])] }));
    expect(twoChoices.type).toBe('single_choice_only');

    const wrongKind = await rejectionOf(
      handle.executeUpdate(answerAskUpdate, {
        args: [{ ...answer(1, [1]), value: { kind: 'fact', text: 'x' } as unknown as AnswerCommand['value'] }],
      }),
    );
    expect(wrongKind.type).toBe('answer_kind_mismatch');
    expect(wrongKind.message).toBe('Ask 1 is a decision ask; answer it with {"kind":"decision","selected":[1]}, not a fact answer.');

    // No trace: rejected in the validator, so history holds no accepted update and state is untouched.
    const history = await handle.fetchHistory();
    const acceptedAnswers = (history.events ?? []).filter(
      (event) => event.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name === 'answerAsk',
    );
    expect(acceptedAnswers).toHaveLength(0);
    expect(await handle.query(decisionQuery)).toMatchObject({ status: 'open', revision: 1 });
    expect(await getDecision(cast.pool, member, snapshot.id)).toMatchObject({ status: 'open', revision: 1 });
  });
});
