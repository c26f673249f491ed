/**
 * One hook run, whatever the host: the process a host starts for one call and reads one answer
 * from. Within the run's bound (--timeout, SIGINT / SIGTERM, the call answered in the host's own
 * prompt) it reads the host's payload, and asks the core (client/host-core/ask.ts) with the bound's
 * signal; the host's folder turns the outcome into its verdict. What only a one-shot process
 * needs stays here: the bound, the deadline from --timeout, the session from CAST_SESSION and the
 * project from the payload's cwd, and the keeper that outlives a hook killed without a word.
 */
import { randomUUID } from 'node:crypto';
import { hostSession, scope } from '../../config';
import { parseDuration } from '../../duration-flag';
import { hint } from '../../output';
import { ask, type AskOutcome, type FileCard } from '../../../client/host-core/ask';
import { ALLOW_OR_DENY, type HostOption, type HostPrompt } from '../../../client/host-core/prompt';
import { withDeadlines } from '../common/request-deadline';
import { handOffToKeeper, startCardKeeper, type CardKeeper } from './card-keeper';
import type { Client } from '../../http';
import { hostClient } from './host-client';
import { failedReason, stoppedReason } from './no-answer-reason';
import { RunBound, type StopReason } from './run-bound';

/** The fields every hook payload carries (Claude Code's and Codex's name them alike). */
export type HookCall = {
  session_id: string;
  tool_name: string;
  tool_input: Record<string, unknown>;
  /** The host's id for the call; Codex's PermissionRequest carries none. */
  tool_use_id?: string | undefined;
  cwd?: string | undefined;
};

export type HookOutcome<T = never> = AskOutcome<T, StopReason>;

/** After --timeout the withdrawal may take this long; after a signal, less, so the hook ends within a second. */
const WITHDRAW_AFTER_TIMEOUT_MS = 2000;
const WITHDRAW_AFTER_SIGNAL_MS = 600;

export type HookRun<I extends HookCall, T> = {
  /** The hook's --timeout (`10m`): the whole run's bound, and the card's deadline. */
  timeout: string;
  /** The host's payload, read and checked (stdin). */
  read: () => Promise<I>;
  /** What the host offers for this payload; allow or deny unless said. */
  options?: (input: I) => HostOption[];
  /** The host's name in words. */
  host: string;
  /** Whether the host runs an edited tool input for this payload (issue 43 item 6); no unless said. */
  editable?: (input: I) => boolean;
  /** How this payload is filed, with the hook's own client (its exit codes, its deadlines): the permission card unless said. */
  file?: (input: I, api: Client) => FileCard<T>;
  /**
   * Another way the call may be settled while the card waits: the host's own prompt, answered
   * there (terminal-answer.ts). It calls `answered` when that happens, and returns what ends the
   * watch (or null: nothing to watch).
   */
  watch?: (input: I, answered: () => void) => (() => void) | null;
  /**
   * For a host that kills its hook without a signal it can catch (Codex's Esc is an immediate
   * SIGKILL): a process beside the hook withdraws the card if the hook dies (card-keeper.ts).
   * Started first, so it is up by the time a card is filed.
   */
  keeper?: boolean;
};

export async function runHook<I extends HookCall, T = never>(run: HookRun<I, T>): Promise<HookOutcome<T>> {
  const bound = new RunBound();
  const keeper: CardKeeper | null = run.keeper ? startCardKeeper() : null;
  let prompt: HostPrompt | null = null;
  let unwatch: (() => void) | null = null;
  let outcome: HookOutcome<T> | null = null;
  try {
    const seconds = parseDuration(run.timeout);
    bound.arm(seconds);
    // Recorded on the card: past it nobody waits, and Cast withdraws it (issue 31 item 5).
    const deadline = new Date(Date.now() + seconds * 1000).toISOString();
    const input = await bound.race(run.read());
    // Before filing: a call answered in the terminal while its card is on the way withdraws it too.
    unwatch = run.watch?.(input, () => bound.answeredInTerminal()) ?? null;
    prompt = {
      // The host's conversation (Claude Code's session, Codex's thread); filing registers it with its project (the host's cwd).
      session: hostSession(input.session_id),
      scope: scope(input.cwd),
      // Codex's PermissionRequest carries no call id; a fresh one finds the card if its filing is cut off.
      requestId: input.tool_use_id ?? randomUUID(),
      tool: input.tool_name,
      toolInput: input.tool_input,
      deadline,
      options: run.options?.(input) ?? ALLOW_OR_DENY,
      host: run.host,
      ...(run.editable?.(input) ? { editable: true } : {}),
    };
    keeper?.filing(prompt.session, prompt.requestId);
    // The bound's signal is aborted with a StopReason, handed back in `stopped`.
    // Each request bounded by its own deadline too: a Cast that never answers must not hold the hook until --timeout.
    const api = withDeadlines(hostClient());
    outcome = await ask<T, StopReason>(prompt, {
      api,
      signal: bound.signal,
      ...(run.file ? { file: run.file(input, api) } : {}),
      onFiled(card) {
        keeper?.card(card.id);
        hint(`cast: ${card.id} "${card.question}" is in the Cast queue; waiting up to ${run.timeout} for the answer.`);
      },
      withdrawWithinMs: (stop) => (stop?.kind === 'signal' ? WITHDRAW_AFTER_SIGNAL_MS : WITHDRAW_AFTER_TIMEOUT_MS),
    });
  } catch (error) {
    // Stopped or failed before anything was filed: reading the payload, a bad --timeout.
    const stopped = bound.stopped;
    outcome = stopped ? { kind: 'stopped', reason: stopped, filed: false, fate: null } : { kind: 'failed', error, fate: null };
  } finally {
    // Before the verdict is printed: the call it lets run must find no hook waiting for it.
    unwatch?.();
    await settleKeeper(keeper, prompt, outcome);
    bound.dispose();
  }
  return outcome;
}

/**
 * The card is answered or taken out by now: nothing is left for the keeper — unless it is still
 * open (Cast slow past the withdrawal's budget, or the card still on its way), when it is left to
 * the keeper: the one running beside the hook, or one started now.
 */
async function settleKeeper(
  keeper: CardKeeper | null,
  prompt: HostPrompt | null,
  outcome: HookOutcome<never> | HookOutcome<unknown> | null,
) {
  const fate = outcome && (outcome.kind === 'stopped' || outcome.kind === 'failed') ? outcome.fate : null;
  const cardLeftOpen = fate !== null && !('decision' in fate);
  if (!cardLeftOpen) keeper?.done();
  else if (keeper) await keeper.release();
  else if (prompt) await handOffToKeeper(prompt.session, prompt.requestId, 'id' in fate ? fate.id : null);
}

/** Why no person's answer came, for a run that stopped or failed; `then` is what the host does instead. */
export function noAnswerReason(
  outcome: Extract<HookOutcome, { kind: 'stopped' | 'failed' }>,
  timeout: string,
  then: string,
  asker: string,
): string {
  return outcome.kind === 'stopped'
    ? stoppedReason(outcome.reason, timeout, outcome.filed, outcome.fate, then)
    : failedReason(outcome.error, outcome.fate, then, asker);
}
