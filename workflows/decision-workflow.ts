/**
 * One durable workflow per decision. It owns the decision's state, validates and records
 * answers as Updates, and mirrors every change to Postgres before an update returns.
 */
import {
  ApplicationFailure,
  allHandlersFinished,
  condition,
  proxyLocalActivities,
  setHandler,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { DecisionSnapshot, DecisionStart } from '../domain/decision';
import { applyAnswer, checkAnswer, expiredCommand, openDecision } from '../domain/decision-state';
import type { Rejection } from '../domain/errors';
import { answerAskUpdate, decisionQuery, fileDecisionUpdate } from './messages';

// A local activity: the mirror runs inside the worker's own workflow task, without a round
// trip through the Temporal server, which keeps an answer's response close to a bare Update.
// The upsert is idempotent, so a re-run after a crashed task is harmless.
const { mirrorDecision } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  // The mirror must land eventually: retry for as long as the database is away.
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds' },
});

function reject(rejection: Rejection): never {
  throw ApplicationFailure.create({
    type: rejection.code,
    message: rejection.message,
    details: rejection.details ? [rejection.details] : [],
    nonRetryable: true,
  });
}

/** Resolves with the final snapshot, or `null` when no worker took the filing before its caller gave up. */
export async function decisionWorkflow(start: DecisionStart): Promise<DecisionSnapshot | null> {
  // The filing request already answered 503: keep no decision its caller believes failed.
  const expired = expiredCommand(start, new Date());
  if (expired) {
    setHandler(fileDecisionUpdate, async () => state, { validator: () => reject(expired) });
  }
  let state = openDecision(start, new Date());
  if (expired) return null;
  let mirroredRevision = 0;

  async function mirror(snapshot: DecisionSnapshot): Promise<void> {
    await mirrorDecision(snapshot);
    mirroredRevision = Math.max(mirroredRevision, snapshot.revision);
  }

  setHandler(decisionQuery, () => state);

  setHandler(fileDecisionUpdate, async () => {
    await condition(() => mirroredRevision >= 1);
    return state;
  });

  setHandler(
    answerAskUpdate,
    async (command) => {
      // State changes before the first await, so a concurrent second answer sees it and loses.
      state = applyAnswer(state, command, new Date());
      const snapshot = state;
      await mirror(snapshot);
      return snapshot;
    },
    {
      validator: (command) => {
        const rejection = expiredCommand(command, new Date()) ?? checkAnswer(state, command);
        if (rejection) reject(rejection);
      },
    },
  );

  await mirror(state);
  await condition(() => state.status === 'resolved' && allHandlersFinished());
  return state;
}
