/**
 * One durable workflow per decision. It validates and records every change as an Update,
 * mirrors each change to Postgres before the update returns, and, once the decision
 * resolves, delivers the answer to the agent. The state and its transitions live in
 * `DecisionMachine`; this function wires each message to it and runs the main loop.
 */
import { allHandlersFinished, condition, patched, setHandler } from '@temporalio/workflow';
import type { DecisionSnapshot, DecisionStart } from '../domain/decision';
import { expiredCommand, openDecision } from '../domain/decision-state';
import { decisionMirrored } from './decision-activities';
import { DecisionMachine } from './decision-machine';
import { stackMembershipSignal } from './membership-signals';
import {
  DECISION_WORKFLOW_VERSION,
  answerAskUpdate,
  archiveDecisionUpdate,
  autoArchiveSignal,
  decisionQuery,
  editDecisionUpdate,
  fileDecisionUpdate,
  restoreDecisionUpdate,
  runNowUpdate,
  settleDecisionUpdate,
  undoAnswerUpdate,
  withdrawDecisionUpdate,
} from './messages';
import { reject } from './reject';
import { reopenedWithinUndoWindow } from './undo-window';

/**
 * A decision stamped by a newer API than this worker's code (a rolling deploy that upgraded an
 * API before every worker) must not take this code's older paths: a newer worker replaying its
 * history would then take other ones. A plain Error fails the workflow task, not the workflow;
 * Temporal retries the task until a worker that knows the version takes it (README: workers first).
 */
function refuseNewerVersion(start: DecisionStart): void {
  const version = start.workflowVersion ?? 0;
  if (version > DECISION_WORKFLOW_VERSION) {
    throw new Error(
      `Decision ${start.id} was filed at workflow version ${version}; this worker knows up to ${DECISION_WORKFLOW_VERSION}. Upgrade the workers.`,
    );
  }
}

/** How long a decision whose restart failed keeps offering "Run now". */
const RUN_NOW_WINDOW = '7 days';

/** Marks histories whose expired filing asks first whether a worker took it in time. */
const TAKEN_IN_TIME = 'expired-filing-taken-in-time';

/**
 * A worker may take a filing in time, mirror its row (a local activity, inside the task) and die
 * before the task completes; the task's retry then runs past the deadline. That filing stands:
 * people may already see its row, and every row has its workflow. Its caller, told it expired,
 * files again and rewrites this one (the same question from the same session).
 */
async function takenInTime(start: DecisionStart): Promise<boolean> {
  return patched(TAKEN_IN_TIME) && (await decisionMirrored(start.id));
}

/** When a host prompt's host stops waiting, for decisions filed at workflow version 2 or later (the timer is a new command). */
function lapsesAt(start: DecisionStart): string | null {
  if ((start.workflowVersion ?? 0) < 2) return null;
  const source = start.source;
  return source && (source.kind === 'permission' || source.kind === 'terminal') ? (source.waitsUntil ?? null) : null;
}

/** Resolves with the final snapshot, or `null` when no worker took the filing before its caller gave up. */
export async function decisionWorkflow(start: DecisionStart): Promise<DecisionSnapshot | null> {
  refuseNewerVersion(start);
  // The filing request already answered 503: keep no decision its caller believes failed.
  const expired = expiredCommand(start, new Date());
  if (expired) {
    setHandler(fileDecisionUpdate, async (_content) => openDecision(start, new Date()), { validator: (_content) => reject(expired) });
    if (!(await takenInTime(start))) return null;
  }
  const decision = new DecisionMachine(start);

  // Registered in the order the handlers always were, so messages buffered before them replay alike.
  setHandler(stackMembershipSignal, (signal) => decision.stack.follow(signal));
  setHandler(decisionQuery, () => decision.state);
  setHandler(fileDecisionUpdate, (content) => decision.file(content), { validator: (content) => decision.validateFiling(content) });
  setHandler(editDecisionUpdate, (edit) => decision.edit(edit), { validator: (edit) => decision.validateEdit(edit) });
  setHandler(withdrawDecisionUpdate, (command) => decision.withdraw(command), {
    validator: (command) => decision.validateRewrite(command),
  });
  setHandler(archiveDecisionUpdate, (command) => decision.archive(command), { validator: (command) => decision.validateArchive(command) });
  setHandler(autoArchiveSignal, () => decision.autoArchive());
  setHandler(restoreDecisionUpdate, (command) => decision.restore(command), { validator: (command) => decision.validateRestore(command) });
  setHandler(runNowUpdate, () => decision.deliver(), { validator: (command) => decision.validateRunNow(command) });
  setHandler(undoAnswerUpdate, (command) => decision.undo(command), { validator: (command) => decision.validateUndo(command) });
  setHandler(answerAskUpdate, (command) => decision.answer(command), { validator: (command) => decision.validateAnswer(command) });
  setHandler(settleDecisionUpdate, (command) => decision.settle(command), { validator: (command) => decision.validateSettle(command) });

  await decision.open();
  const waitsUntil = lapsesAt(start);
  if (waitsUntil) void decision.lapseAt(waitsUntil);
  // Version 5: the reminders, and the warning before a host prompt lapses (issue 40 items 7, 8).
  if (decision.reach) {
    void decision.reach.remind();
    if (waitsUntil) void decision.reach.warnBeforeLapse(waitsUntil);
  }
  for (;;) {
    await condition(() => decision.readyToDeliverOrClose);
    if (decision.state.status === 'withdrawn') {
      await decision.closeWithdrawn();
      break;
    }
    await decision.deliverResolution();
    // Undone within its window, the decision is open again and waits for a new answer.
    if (await reopenedWithinUndoWindow(decision)) continue;
    // A failed restart keeps the answer and waits for "Run now" (FR-34, E5).
    await condition(() => decision.state.delivery?.kind !== 'failed', RUN_NOW_WINDOW);
    break;
  }

  await condition(() => decision.lapseWritten && (decision.reach?.quiet ?? true));
  await decision.stack.stop();
  await condition(allHandlersFinished);
  await decision.announcer.settled();
  return decision.state;
}
