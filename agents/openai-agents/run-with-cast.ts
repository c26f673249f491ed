/**
 * The OpenAI Agents SDK asking Cast: `runWithCast` runs an agent whose tools say `needsApproval`,
 * and each interruption becomes a card in the Cast queue. By default it waits for the answers and
 * runs on; with `wait: false` it returns once the cards are filed, the run's state kept in the
 * store, and `resumeWhenAnswered` — in this process or a later one — takes it from there.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Runner, type AgentInputItem } from '@openai/agents';
import type { AnyAgent } from './any-agent';
import { castCalls, type CastOptions } from '../core/cast-connection';
import { cardPlace } from '../core/card-place';
import { directoryRunStore, type RunStore } from './run-store';
import { settleRun, type CastRunOutcome } from './settle-run';

/** The directory store's place when the caller gives no store: beside the program's working directory. */
export const DEFAULT_RUNS_DIR = join('.cast', 'runs');

export type CastRunOptions = CastOptions & {
  /** Where a waiting run is kept; the directory store in `.cast/runs` when none. */
  store?: RunStore;
  runner?: Runner;
  /** Wait in this process for a person's answers (the default), or return once the cards are filed. */
  wait?: boolean;
  /** The run's id in the store; a fresh one when none. */
  runId?: string;
  /** Stops waiting (the run stays in the store) and throws the abort. */
  signal?: AbortSignal;
};

export async function runWithCast<TAgent extends AnyAgent>(
  agent: TAgent,
  input: string | AgentInputItem[],
  options: CastRunOptions,
): Promise<CastRunOutcome<TAgent>> {
  const runner = options.runner ?? new Runner();
  const result = await runner.run(agent, input);
  return settleRun(agent, result, {
    calls: castCalls(options),
    place: cardPlace({ ...options, session: options.session ?? `agent-run-${randomUUID()}` }),
    store: options.store ?? directoryRunStore(DEFAULT_RUNS_DIR),
    runner,
    runId: options.runId ?? randomUUID(),
    wait: options.wait ?? true,
    signal: options.signal,
  });
}
