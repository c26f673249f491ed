/**
 * A run kept in the store resumed once its cards are answered: in a process that knows nothing
 * of it but the store and the agent (the same tools). Each stored run's answers are read from
 * Cast (waited for, unless `wait: false`); the run is taken from the store — by one process
 * only — re-hydrated with `RunState.fromString`, approved or rejected call by call, and run on.
 * A run taken and then lost (the process dies while it runs) is not run again: a call runs at
 * most once. Cast unreachable leaves the run in the store, never approved.
 */
import { RunState, Runner } from '@openai/agents';
import type { AnyAgent } from './any-agent';
import { answerNow, waitForAnswer } from '../core/approval-card';
import type { CastAnswer } from '../core/cast-answer';
import { castCalls, type CastOptions } from '../core/cast-connection';
import type { RunStore, StoredRun } from './run-store';
import { applyAnswers, settleRun, type CastRunOutcome } from './settle-run';

export type ResumeOptions = Pick<CastOptions, 'url' | 'token'> & {
  runner?: Runner;
  /** Wait for the answers still to come (the default), or resume only the runs answered by now. */
  wait?: boolean;
  /** Only this run. */
  runId?: string;
  signal?: AbortSignal;
};

async function answersOf(run: StoredRun, options: ResumeOptions): Promise<Map<string, CastAnswer> | null> {
  const calls = castCalls(options);
  const read = (id: string) => (options.wait === false ? answerNow(calls, id, options.signal) : waitForAnswer(calls, id, options.signal));
  const answers = await Promise.all(run.cards.map(async ({ callId, decisionId }) => [callId, await read(decisionId)] as const));
  if (answers.some(([, answer]) => answer === null)) return null;
  return new Map(answers as Array<[string, CastAnswer]>);
}

async function resumeOne<TAgent extends AnyAgent>(
  store: RunStore,
  agent: TAgent,
  run: StoredRun,
  options: ResumeOptions,
): Promise<CastRunOutcome<TAgent>> {
  const answers = await answersOf(run, options);
  if (!answers) return { kind: 'waiting', runId: run.id, decisionIds: run.cards.map(({ decisionId }) => decisionId) };
  const taken = await store.take(run.id);
  if (!taken) return { kind: 'resumed-elsewhere', runId: run.id };
  const state = await RunState.fromString(agent, taken.state);
  applyAnswers(state, answers);
  const runner = options.runner ?? new Runner();
  const result = await runner.run(agent, state);
  const place = { session: taken.session, ...(taken.scope ? { scope: taken.scope } : {}) };
  return settleRun(agent, result, {
    calls: castCalls(options),
    place,
    store,
    runner,
    runId: taken.id,
    wait: options.wait ?? true,
    signal: options.signal,
  });
}

/** Every stored run (or `runId` alone), each resumed as its answers come; what became of each. */
export async function resumeWhenAnswered<TAgent extends AnyAgent>(
  store: RunStore,
  agent: TAgent,
  options: ResumeOptions,
): Promise<CastRunOutcome<TAgent>[]> {
  const runs = (await store.list()).filter((run) => options.runId === undefined || run.id === options.runId);
  return Promise.all(runs.map((run) => resumeOne(store, agent, run, options)));
}
