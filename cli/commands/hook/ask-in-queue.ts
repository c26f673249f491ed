/**
 * One hook run, whatever the host: within the run's bound (--timeout, SIGINT / SIGTERM), read
 * the host's payload, register the conversation's session, file the call as a permission card,
 * and wait until it leaves open. Any stop or failure withdraws a card it may have filed. The
 * door (claude-code-action.ts, codex-action.ts) turns the outcome into its host's answer.
 */
import { randomUUID } from 'node:crypto';
import type { DecisionView } from '../../../domain/decision';
import { hostSession, scope } from '../../config';
import { parseDuration } from '../../duration-flag';
import { hint } from '../../output';
import { connect } from '../decide/target';
import { failedReason, stoppedReason, type CardFate } from './ask-reason';
import { handOffToKeeper, startCardKeeper, type CardKeeper } from './card-keeper';
import { answered, filePermission, withdrawAfter, type Filing } from './permission-card';
import type { PreToolUseInput } from './pre-tool-use';
import { withDeadlines } from './request-deadline';
import { RunBound, type StopReason } from './run-bound';

/**
 * How a door files: the permission card unless it passes its own — another card to wait on (a
 * question), or a verdict at once with no waiting (a parked headless run). It sets `filing.card`
 * as soon as a card exists, so a stop can withdraw it.
 */
export type FileCard<T = never> = (
  filing: Filing,
  input: PreToolUseInput,
  signal: AbortSignal,
) => Promise<{ wait: DecisionView } | { atOnce: T }>;

export const fileThePermission: FileCard = async (filing, input, signal) => ({
  wait: (filing.card = await filePermission(filing, input, signal)),
});

/** Given without waiting on a card (a parked run's defer, or its recorded answer on resume); only a door that files so gets one. */
type AtOnce<T> = [T] extends [never] ? never : { kind: 'atOnce'; verdict: T };

export type QueueOutcome<T = never> =
  | AtOnce<T>
  /** The card left open: answered, or withdrawn / archived in Cast (an answer that beat the withdrawal counts). */
  | { kind: 'closed'; decision: DecisionView }
  /** --timeout or a signal; `filed` says whether a card was in the queue by then. */
  | { kind: 'stopped'; stopped: StopReason; filed: boolean; fate: CardFate }
  /** Cast unreachable or refusing, a bad payload: no answer could be had. */
  | { kind: 'failed'; error: unknown; fate: CardFate };

/**
 * Another way the call may be settled while the card waits: the host's own prompt, answered
 * there (terminal-answer.ts). It calls `answered` when that happens, and returns what ends the
 * watch (or null: nothing to watch).
 */
export type WatchElsewhere = (input: PreToolUseInput, answered: () => void) => (() => void) | null;

/**
 * `keeper`: for a host that kills its hook without a signal it can catch (Codex's Esc is an
 * immediate SIGKILL), a process beside the hook withdraws the card if the hook dies
 * (card-keeper.ts). Started first, so it is up by the time a card is filed.
 */
export async function askInQueue<T = never>(
  timeout: string,
  readInput: () => Promise<PreToolUseInput>,
  fileCard: FileCard<T> = fileThePermission,
  watch?: WatchElsewhere,
  options: { keeper?: boolean } = {},
): Promise<QueueOutcome<T>> {
  const bound = new RunBound();
  const keeper: CardKeeper | null = options.keeper ? startCardKeeper() : null;
  let filing: Filing | null = null;
  let unwatch: (() => void) | null = null;
  // A card the hook could not take out itself (Cast slow past the withdrawal's budget, or the
  // card still on its way) is left to the keeper: the one running beside it, or one started now.
  let cardLeftOpen = false;
  try {
    const seconds = parseDuration(timeout);
    bound.arm(seconds);
    // Recorded on the card: past it nobody waits, and Cast withdraws it (issue 31 item 5).
    const waitsUntil = new Date(Date.now() + seconds * 1000).toISOString();
    const input = await bound.race(readInput());
    // Before filing: a call answered in the terminal while its card is on the way withdraws it too.
    unwatch = watch?.(input, () => bound.answeredInTerminal()) ?? null;
    // The host's own door: a card it withdraws (answered in its terminal) is recorded as `host-terminal`.
    // Each request bounded by its own deadline too: a Cast that never answers must not hold the hook until --timeout.
    const api = withDeadlines(connect('host-terminal'));
    // The host's conversation (Claude Code's session, Codex's thread); filing registers it with its project (the host's cwd).
    const session = hostSession(input.session_id);
    // Codex's PermissionRequest carries no call id; a fresh one finds the card if its filing is cut off.
    filing = { api, session, scope: scope(input.cwd), requestId: input.tool_use_id ?? randomUUID(), card: null, waitsUntil };
    keeper?.filing(session, filing.requestId);
    const filed = await fileCard(filing, input, bound.signal);
    if ('atOnce' in filed) return { kind: 'atOnce', verdict: filed.atOnce } as AtOnce<T>;
    keeper?.card(filed.wait.id);
    hint(`cast: ${filed.wait.id} "${filed.wait.question}" is in the Cast queue; waiting up to ${timeout} for the answer.`);
    return { kind: 'closed', decision: await answered(api, filed.wait, bound.signal) };
  } catch (error) {
    const stopped = bound.stopped;
    const fate = await withdrawAfter(filing, error, stopped);
    cardLeftOpen = fate !== null && !('decision' in fate);
    // An answer that landed before the withdrawal stands.
    if (fate && 'decision' in fate && fate.decision.status === 'resolved') return { kind: 'closed', decision: fate.decision };
    return stopped ? { kind: 'stopped', stopped, filed: filing?.card != null, fate } : { kind: 'failed', error, fate };
  } finally {
    // Before the verdict is printed: the call it lets run must find no hook waiting for it.
    unwatch?.();
    // The card is answered or taken out by now: nothing is left for the keeper — unless it is still open.
    if (!cardLeftOpen) keeper?.done();
    else if (keeper) await keeper.release();
    else if (filing) await handOffToKeeper(filing.session, filing.requestId, filing.card?.id ?? null);
    bound.dispose();
  }
}

/** Why no person's answer came, for a run that stopped or failed; `then` is what the host does instead. */
export function noAnswerReason(outcome: Extract<QueueOutcome, { kind: 'stopped' | 'failed' }>, timeout: string, then?: string): string {
  return outcome.kind === 'stopped'
    ? stoppedReason(outcome.stopped, timeout, outcome.filed, outcome.fate, then)
    : failedReason(outcome.error, outcome.fate, then);
}
