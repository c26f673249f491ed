/**
 * The loop every run through Cast goes round: while the run stops on interruptions, file each as
 * a card (a Cast rule may answer it at filing), keep the run's state in the store while a person
 * has yet to answer, then approve or reject each call with its answer — a reject carries the
 * person's reason, which the model reads as the call's result — and run on.
 */
import type { Runner, RunToolApprovalItem } from '@openai/agents';
import type { AnyAgent, AnyRunResult, AnyRunState } from './any-agent';
import { fileApproval, waitForAnswer, type CardPlace } from '../core/approval-card';
import { castAnswerOf, unasked, type CastAnswer } from '../core/cast-answer';
import type { CastCalls } from '../core/cast-connection';
import { askOf, callIdOf } from './interruption';
import type { RunStore } from './run-store';

export type CastRunOutcome<TAgent extends AnyAgent> =
  /** The run ended: no call waits for an answer. */
  | { kind: 'finished'; runId: string; result: AnyRunResult<TAgent> }
  /** Stopped on cards a person has yet to answer; the run is in the store for `resumeWhenAnswered`. */
  | { kind: 'waiting'; runId: string; decisionIds: string[] }
  /** Another process took the run from the store and resumes it. */
  | { kind: 'resumed-elsewhere'; runId: string };

export type RunContext = {
  calls: CastCalls;
  place: CardPlace;
  store: RunStore;
  runner: Runner;
  runId: string;
  /** Wait here for a person's answers, or leave the run in the store and return. */
  wait: boolean;
  signal?: AbortSignal | undefined;
};

type Asked = { item: RunToolApprovalItem; decisionId: string | null; answer: CastAnswer | null };

/** Files one interruption; Cast unreachable or refusing answers it with a deny (fail closed). */
async function file(context: RunContext, item: RunToolApprovalItem): Promise<Asked> {
  try {
    const card = await fileApproval(context.calls, context.place, askOf(item), context.signal);
    return { item, decisionId: card.id, answer: castAnswerOf(card) };
  } catch (error) {
    if (context.signal?.aborted) throw error;
    return { item, decisionId: null, answer: unasked(error) };
  }
}

/** The answers on the run's state: approve runs the call once; reject tells the model why. */
export function applyAnswers(state: AnyRunState, answers: ReadonlyMap<string, CastAnswer>): void {
  for (const item of state.getInterruptions()) {
    const answer = answers.get(callIdOf(item));
    if (answer?.approved) state.approve(item);
    else state.reject(item, { message: answer?.reason ?? 'Cast has no answer on record for this call, so it was not run.' });
  }
}

export async function settleRun<TAgent extends AnyAgent>(
  agent: TAgent,
  first: AnyRunResult<TAgent>,
  context: RunContext,
): Promise<CastRunOutcome<TAgent>> {
  let result = first;
  for (;;) {
    if (result.interruptions.length === 0) return { kind: 'finished', runId: context.runId, result };
    const asked = await Promise.all(result.interruptions.map((item) => file(context, item)));
    const open = asked.filter((one): one is Asked & { decisionId: string } => one.answer === null && one.decisionId !== null);
    if (open.length > 0) {
      // Kept before any wait: a process that ends here leaves the run for another to resume.
      await context.store.save({
        id: context.runId,
        session: context.place.session,
        ...(context.place.scope ? { scope: context.place.scope } : {}),
        state: result.state.toString(),
        cards: asked.flatMap(({ item, decisionId }) => (decisionId ? [{ callId: callIdOf(item), decisionId }] : [])),
      });
      if (!context.wait) return { kind: 'waiting', runId: context.runId, decisionIds: open.map(({ decisionId }) => decisionId) };
      await Promise.all(open.map(async (one) => (one.answer = await waitForAnswer(context.calls, one.decisionId, context.signal))));
      if (!(await context.store.take(context.runId))) return { kind: 'resumed-elsewhere', runId: context.runId };
    }
    applyAnswers(result.state, new Map(asked.map(({ item, answer }) => [callIdOf(item), answer!])));
    result = await context.runner.run(agent, result.state);
  }
}
