/**
 * One durable workflow per decision. It owns the decision's state, validates and records
 * every change as an Update, mirrors each change to Postgres before the update returns,
 * and, once the decision resolves, delivers the answer to the agent.
 */
import {
  ApplicationFailure,
  allHandlersFinished,
  condition,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  sleep,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { Delivered } from '../activities/deliver-decision';
import { isRecordSource, type DecisionSnapshot, type DecisionStart } from '../domain/decision';
import {
  agentActor,
  applyAnswer,
  archive,
  checkAnswer,
  checkArchive,
  checkRestore,
  checkRunNow,
  restore,
  settle,
  checkRewrite,
  expiredCommand,
  mergeEdit,
  openDecision,
  recordDelivery,
  rewrite,
  toDecisionView,
  withdraw,
  type DecisionEvent,
} from '../domain/decision-state';
import type { Rejection } from '../domain/errors';
import { actedRejection, checkUndo, restartedBy, undoAnswer, undoDeadline } from '../domain/undo';
import { decisionEvents, withdrawalEvent, type WebhookEvent, type WebhookSubscribers } from '../domain/webhook';
import { keepStackMembership } from './stack-membership';
import {
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
  type Expiring,
} from './messages';

// A local activity: the mirror runs inside the worker's own workflow task, without a round
// trip through the Temporal server, which keeps an answer's response close to a bare Update.
// The upsert is idempotent, so a re-run after a crashed task is harmless.
const { mirrorDecision, deliverWithAnswer } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  // The mirror must land eventually: retry for as long as the database is away.
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds' },
});

// Delivery retries transient failures for a while; what still fails is recorded as the
// outcome (FR-34) rather than holding the decision.
const { deliverDecision, holdTask, releaseTaskHold, cancelRestart, postWithdrawal, settleSource, reopenSource } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 6 },
});

/** Marks histories whose resolving answer delivers in its own local activity; older ones replay without it. */
const DELIVER_WITH_ANSWER = 'deliver-with-answer';

/** How long a decision whose restart failed keeps offering "Run now". */
const RUN_NOW_WINDOW = '7 days';

// One small read, run in the workflow task that follows delivery rather than a task of its own.
const { webhookEndpointsFor } = proxyLocalActivities<Activities>({ startToCloseTimeout: '10 seconds' });
// Push delivery retries with backoff for about an hour; each try carries the same event id.
const { sendWebhook } = proxyActivities<Activities>({
  startToCloseTimeout: '15 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 12 },
});

function reject(rejection: Rejection): never {
  throw ApplicationFailure.create({
    type: rejection.code,
    message: rejection.message,
    details: rejection.details ? [rejection.details] : [],
    nonRetryable: true,
  });
}

function rejectIf(rejection: Rejection | null): void {
  if (rejection) reject(rejection);
}

/** Resolves with the final snapshot, or `null` when no worker took the filing before its caller gave up. */
export async function decisionWorkflow(start: DecisionStart): Promise<DecisionSnapshot | null> {
  let state = openDecision(start, new Date());
  // The filing request already answered 503: keep no decision its caller believes failed.
  const expired = expiredCommand(start, new Date());
  if (expired) {
    setHandler(fileDecisionUpdate, async (_content) => state, { validator: (_content) => reject(expired) });
    return null;
  }
  let mirroredRevision = 0;
  // The filing returns once the decision is in place: its row written and its task held.
  let filed = false;

  async function commit(next: DecisionSnapshot, ...events: DecisionEvent[]): Promise<DecisionSnapshot> {
    state = next;
    await mirrorDecision(next, events);
    mirroredRevision = Math.max(mirroredRevision, next.revision);
    await stack.report();
    return next;
  }

  /** A snapshot an activity has already mirrored, in the same transaction as its own work. */
  function adopt(next: DecisionSnapshot): DecisionSnapshot {
    state = next;
    mirroredRevision = Math.max(mirroredRevision, next.revision);
    return next;
  }

  // One undo at a time; while it runs, delivery and a stack's default wait and "Run now" is refused.
  let undoing = false;
  const stack = keepStackMembership({ state: () => state, commit, answer: recordAnswer, idle: () => !undoing });

  const notExpired = (command: Expiring) => rejectIf(expiredCommand(command, new Date()));

  setHandler(decisionQuery, () => state);

  setHandler(
    fileDecisionUpdate,
    async (content) => {
      const next = rewrite(state, content, new Date());
      if (next) return commit(next, { kind: 'edited', actor: agentActor(next, content.by ?? next.filedBy) });
      await condition(() => filed && mirroredRevision >= state.revision);
      return state;
    },
    { validator: (content) => (notExpired(content), rejectIf(checkRewrite(state))) },
  );

  setHandler(
    editDecisionUpdate,
    async (edit) => {
      const merged = mergeEdit(state, edit);
      if ('code' in merged) reject(merged);
      const wasBlocking = state.mode === 'blocking';
      const rewritten = rewrite(state, merged, new Date());
      const next = rewritten
        ? await commit(rewritten, { kind: 'edited', actor: agentActor(rewritten, edit.by ?? rewritten.filedBy) })
        : state;
      // `edit --blocking` turns an advisory decision into one that holds its task.
      if (!wasBlocking && next.mode === 'blocking') await holdTheTask(next);
      return next;
    },
    {
      validator: (edit) => {
        notExpired(edit);
        rejectIf(checkRewrite(state));
        const merged = mergeEdit(state, edit);
        if ('code' in merged) reject(merged);
      },
    },
  );

  setHandler(
    withdrawDecisionUpdate,
    async (command) =>
      commit(withdraw(state, new Date()), { kind: 'withdrawn', actor: agentActor(state, command.by ?? state.filedBy) }),
    {
      validator: (command) => (notExpired(command), rejectIf(checkRewrite(state))),
    },
  );

  const member = (command: Expiring): DecisionEvent['actor'] => ({ kind: 'member', id: command.by ?? null });

  setHandler(
    archiveDecisionUpdate,
    async (command) => commit(archive(state, new Date(), { by: command.by ?? null, reason: 'member' }), { kind: 'archived', actor: member(command) }),
    { validator: (command) => (notExpired(command), rejectIf(checkArchive(state))) },
  );

  // FR-49: the sweep (or the API, seeing the work go) says the work is gone; only an open decision is set aside.
  setHandler(autoArchiveSignal, async () => {
    if (state.status !== 'open') return;
    const next = archive(state, new Date(), { by: null, reason: 'work_gone' });
    await commit(next, { kind: 'archived', actor: { kind: 'system', id: null }, detail: { reason: 'work_gone' } });
  });

  setHandler(restoreDecisionUpdate, async (command) => commit(restore(state, new Date()), { kind: 'restored', actor: member(command) }), {
    validator: (command) => (notExpired(command), rejectIf(checkRestore(state))),
  });

  let resolutionAnnounced = false;
  // Pushes started by update handlers, which must not wait on them; the workflow ends only after them.
  const pushes: Array<Promise<void>> = [];

  /**
   * Pushes what the latest change means to every subscribed endpoint; a dead endpoint holds
   * nothing up. `subscribers`, when a delivery has just read them, saves reading them again.
   */
  function announce(subscribers: WebhookSubscribers = {}): Promise<void> | undefined {
    const events = decisionEvents(state, { decision: toDecisionView(state) }, resolutionAnnounced);
    resolutionAnnounced ||= state.status === 'resolved';
    return push(events, subscribers);
  }

  /**
   * `undefined` when it is already known that no endpoint subscribes (most workspaces): then
   * nothing is started, as every promise a workflow makes costs a traced stack in the SDK.
   */
  function push(events: WebhookEvent[], subscribers: WebhookSubscribers = {}): Promise<void> | undefined {
    if (events.every((event) => subscribers[event.type]?.length === 0)) return undefined;
    return Promise.all(
      events.map(async (event) => {
        const endpoints = subscribers[event.type] ?? (await webhookEndpointsFor(state.workspaceId, event));
        await Promise.allSettled(endpoints.map((endpoint) => sendWebhook(endpoint, event)));
      }),
    ).then(() => undefined);
  }

  // One delivery at a time: a second "Run now" while one runs is refused, not doubled.
  let delivering = false;
  // Who subscribes to what the latest delivery may announce, as that delivery read them.
  let subscribers: WebhookSubscribers = {};

  /** Takes a delivery in: its activity mirrored it too, unless a change (a stack's signal) landed meanwhile. */
  function takeDelivery(sent: DecisionSnapshot, delivered: Delivered): DecisionSnapshot | Promise<DecisionSnapshot> {
    subscribers = delivered.subscribers;
    return state === sent ? adopt(recordDelivery(sent, delivered.outcome)) : commit(recordDelivery(state, delivered.outcome));
  }

  async function deliver(): Promise<DecisionSnapshot> {
    delivering = true;
    // A delivery that fails reads no subscribers; announcing then asks for them afresh.
    subscribers = {};
    const sent = state;
    const delivered = await deliverDecision(sent).then(
      (done) => takeDelivery(sent, done),
      (error: unknown) =>
        commit(
          recordDelivery(state, {
            kind: 'failed',
            runId: null,
            otherBlockers: 0,
            failure: error instanceof Error ? error.message : String(error),
            at: new Date().toISOString(),
          }),
        ),
    );
    delivering = false;
    await announce(subscribers);
    return delivered;
  }

  /**
   * Records an answer. The one that resolves the decision is delivered in the same local
   * activity that mirrors it, so the agent has it without further round trips through the
   * server and the answering update returns it delivered. A record's decision (whose record
   * settles first, FR-29), a delivery or undo already under way, or a delivery that failed
   * there leaves delivery to the main loop's activity, which retries.
   */
  async function recordAnswer(next: DecisionSnapshot, answered: DecisionEvent): Promise<DecisionSnapshot> {
    if (next.status !== 'resolved') return commit(next, answered);
    const resolved: DecisionEvent = { kind: 'resolved', actor: answered.actor };
    if (delivering || undoing || isRecordSource(next.source) || !patched(DELIVER_WITH_ANSWER)) return commit(next, answered, resolved);
    delivering = true;
    state = next;
    try {
      const delivered = await deliverWithAnswer(next, [answered, resolved]);
      if (delivered) await takeDelivery(next, delivered);
      // Undelivered, the resolution itself was mirrored (a change landing meanwhile mirrors itself).
      else mirroredRevision = Math.max(mirroredRevision, next.revision);
    } finally {
      delivering = false;
    }
    await stack.report();
    return state;
  }

  setHandler(runNowUpdate, () => deliver(), {
    validator: (command) =>
      (notExpired(command), rejectIf(checkRunNow({ ...state, delivery: delivering || undoing ? null : state.delivery }))),
  });


  setHandler(
    undoAnswerUpdate,
    async (command) => {
      undoing = true;
      try {
        // A delivery under way may be creating the restart this undo must cancel: let it finish.
        await condition(() => !delivering);
        const runId = restartedBy(state);
        const reopening = state.status === 'resolved';
        if (runId) {
          const cancel = await cancelRestart(state, runId);
          if (cancel.began) reject(actedRejection(cancel.agentName, runId));
        }
        const next = undoAnswer(state, command.ask, command.by ?? '', new Date());
        await commit(next, { kind: 'undone', actor: member(command), detail: { ask: command.ask, cancelledRun: runId } });
        const message = await postWithdrawal(next, command.ask);
        // Answered again later, the decision announces its new resolution.
        resolutionAnnounced = false;
        const withdrawal = push([withdrawalEvent(next, { decision: toDecisionView(next) }, { ask: command.ask, message })]);
        if (withdrawal) pushes.push(withdrawal);
        // Reopened, a blocking decision holds its task again, and its record is pending again.
        if (reopening) await holdTheTask(next);
        if (reopening && isRecordSource(next.source)) await reopenSource(next);
        return state;
      } finally {
        undoing = false;
      }
    },
    {
      validator: (command) => {
        notExpired(command);
        if (undoing) reject({ code: 'undo_in_progress', message: 'An undo of this decision is already under way; try again in a moment.' });
        rejectIf(checkUndo(state, command.ask, new Date()));
      },
    },
  );

  /**
   * The undo window, as a durable timer: it lasts until the newest answer's window closes.
   * Returns whether an undo reopened the decision meanwhile.
   */
  async function reopenedWithinUndoWindow(): Promise<boolean> {
    for (;;) {
      const deadlines = state.asks.flatMap((ask) => (ask.answer ? [undoDeadline(ask.answer, state.undoWindowMs)] : []));
      const remaining = Math.max(0, ...deadlines) - Date.now();
      if (remaining <= 0) break;
      // A plain timer and condition, not `condition(fn, timeout)`: its cancellation scope would
      // double the promises of every answer's workflow task (the SDK traces each one's stack).
      // An undo leaves this timer to fire unheeded: `closed` belongs to this window alone.
      let closed = false;
      void sleep(remaining).then(
        () => (closed = true),
        () => undefined,
      );
      await condition(() => closed || state.status !== 'resolved');
      if (state.status !== 'resolved') break;
    }
    await condition(() => !undoing);
    return state.status === 'open';
  }

  setHandler(
    answerAskUpdate,
    // State changes before the first await, so a concurrent second answer sees it and loses.
    async (command) => {
      const actor = { kind: 'member' as const, id: command.answeredBy };
      return recordAnswer(applyAnswer(state, command, new Date()), { kind: 'answered', actor, detail: { ask: command.ask } });
    },
    { validator: (command) => (notExpired(command), rejectIf(checkAnswer(state, command))) },
  );

  setHandler(
    settleDecisionUpdate,
    async (command) => {
      const next = settle(state, command, new Date());
      const actor = { kind: 'member' as const, id: command.answeredBy };
      await commit(next, { kind: 'answered', actor, detail: { ask: command.ask, door: state.source?.kind ?? null } }, { kind: 'resolved', actor });
      // The door that settled it answers with its record settled too.
      await settleSource(next);
      return next;
    },
    {
      validator: (command) => {
        notExpired(command);
        if (!isRecordSource(state.source) || command.ask !== 1) {
          reject({ code: 'invalid_request', message: 'Only a decision carrying an approval or escalation settles through its record, on its first ask.' });
        }
        rejectIf(checkAnswer(state, command));
      },
    },
  );

  // Most decisions link no task: skip the activity's round trip through the server for them.
  async function holdTheTask(snapshot: DecisionSnapshot): Promise<void> {
    if (snapshot.links.taskId && snapshot.mode === 'blocking') await holdTask(snapshot);
  }

  // E10: the over-limit event is kept in the activity history, so the agent's instructions can be fixed.
  const overLimit = state.droppedAsks > 0 ? { detail: { droppedAsks: state.droppedAsks } } : {};
  await commit(state, { kind: 'opened', actor: agentActor(state, state.filedBy), ...overLimit });
  await holdTheTask(state);
  filed = true;
  for (;;) {
    // Archived is not an end: it can be restored, so only resolution or withdrawal ends the wait.
    await condition(() => (state.status === 'resolved' && !undoing && !delivering) || state.status === 'withdrawn');
    if (state.status === 'withdrawn') {
      if (state.links.taskId) await releaseTaskHold(state);
      await announce();
      break;
    }
    // A record's decision settles its record and delivers here, after the answering update returned (FR-28, FR-29).
    if (isRecordSource(state.source)) await settleSource(state);
    // Delivered with the answer that resolved it, the decision has only to announce it.
    if (state.delivery) await announce(subscribers);
    else await deliver();
    // Undone within its window, the decision is open again and waits for a new answer.
    if (await reopenedWithinUndoWindow()) continue;
    // A failed restart keeps the answer and waits for "Run now" (FR-34, E5).
    await condition(() => state.delivery?.kind !== 'failed', RUN_NOW_WINDOW);
    break;
  }

  await stack.stop();
  await condition(allHandlersFinished);
  await Promise.all(pushes);
  return state;
}
