/**
 * Asking a person on a host's behalf: file the prompt's card, wait until it leaves open, and,
 * when the caller's signal fires (the host cancelled, its bound passed) or Cast fails, withdraw
 * the card and say what became of it. It owns no process, no signal handler, no stdin and no
 * exit: each call has its own signal and its own filing, so a long-lived host (an ACP proxy)
 * may have many in flight at once. What the host does with the outcome is its own.
 */
import type { DecisionView } from '../../domain/decision';
import type { CastApi } from './cast-api';
import { filePermission, untilClosed, type Filing } from './card';
import type { HostPrompt } from './prompt';
import { withdrawAfter, type CardFate } from './withdraw';

/**
 * How a host files: the permission card unless it passes its own — another card to wait on (a
 * question), or an answer at once with no waiting (a parked headless run). It sets `filing.card`
 * as soon as a card exists, so a stop can withdraw it.
 */
export type FileCard<T = never> = (filing: Filing, signal: AbortSignal) => Promise<{ wait: DecisionView } | { atOnce: T }>;

export const fileThePermission: FileCard = async (filing, signal) => ({
  wait: (filing.card = await filePermission(filing.api, filing.prompt, signal)),
});

/** Given without waiting on a card (a parked run's defer, or its recorded answer on resume); only a host that files so gets one. */
type AtOnce<T> = [T] extends [never] ? never : { kind: 'atOnce'; value: T };

export type AskOutcome<T = never, Stop = unknown> =
  | AtOnce<T>
  /** The card was answered (a person, a rule, or an answer that beat the withdrawal). */
  | { kind: 'answered'; decision: DecisionView }
  /** The card left open without an answer: withdrawn or archived in Cast, or past its deadline. */
  | { kind: 'withdrawn'; decision: DecisionView }
  /** The signal fired (`reason` is its reason); `filed` says whether Cast's answer to the filing (the card) had come back by then. */
  | { kind: 'stopped'; reason: Stop; filed: boolean; fate: CardFate }
  /** Cast unreachable, silent or refusing: no answer could be had. Never an approval. */
  | { kind: 'failed'; error: unknown; fate: CardFate };

/** `Stop`: what the caller aborts its signal with (ACP's cancel, a hook's bound), handed back in `stopped`. */
export type AskOptions<T = never, Stop = unknown> = {
  /** The client to Cast, with the channel the host answers through and each request's deadline (request-deadline.ts). */
  api: CastApi;
  /** Fires when nobody waits any more (a cancel, the host's bound): the card is withdrawn. */
  signal: AbortSignal;
  file?: FileCard<T>;
  /** The card is in the queue (a keeper notes its id; a hook says so on stderr). */
  onFiled?: (card: DecisionView) => void;
  /** How long the withdrawal after a stop or failure may take; `stop` is the signal's reason, or null after a failure. */
  withdrawWithinMs?: (stop: Stop | null) => number;
};

/** After a stop or a failure, the withdrawal's budget unless the host gives its own. */
export const WITHDRAW_WITHIN_MS = 2000;

/** The outcome of a card that left open: answered, or closed without an answer. */
export function closedOutcome(decision: DecisionView): Extract<AskOutcome, { kind: 'answered' | 'withdrawn' }> {
  return decision.status === 'resolved' ? { kind: 'answered', decision } : { kind: 'withdrawn', decision };
}

export async function ask<T = never, Stop = unknown>(prompt: HostPrompt, options: AskOptions<T, Stop>): Promise<AskOutcome<T, Stop>> {
  const { api, signal, onFiled } = options;
  const file: FileCard<T> = options.file ?? fileThePermission;
  if (signal.aborted) return { kind: 'stopped', reason: signal.reason as Stop, filed: false, fate: null };
  const filing: Filing = { api, prompt, card: null };
  try {
    const filed = await file(filing, signal);
    if ('atOnce' in filed) return { kind: 'atOnce', value: filed.atOnce } as AtOnce<T>;
    onFiled?.(filed.wait);
    return closedOutcome(await untilClosed(api, filed.wait, signal));
  } catch (error) {
    const stop = signal.aborted ? (signal.reason as Stop) : null;
    const fate = await withdrawAfter(filing, error, options.withdrawWithinMs?.(stop) ?? WITHDRAW_WITHIN_MS);
    // An answer that landed before the withdrawal stands.
    if (fate && 'decision' in fate && fate.decision.status === 'resolved') return { kind: 'answered', decision: fate.decision };
    return signal.aborted ? { kind: 'stopped', reason: stop as Stop, filed: filing.card !== null, fate } : { kind: 'failed', error, fate };
  }
}
