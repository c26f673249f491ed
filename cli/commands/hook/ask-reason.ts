/**
 * Why the hook prints "ask": the sentence Claude Code shows beside its own prompt when no
 * person's answer came from Cast — what went wrong, and what became of the card.
 */
import type { DecisionView } from '../../../domain/decision';
import { ApiError } from '../../api-error';
import { CliError } from '../../output';
import { unattended } from './attended';
import type { StopReason } from './run-bound';

/**
 * What happens to the call now. In a terminal Claude Code asks there; in `claude -p` nobody can,
 * and this sentence is what the model reads, so it must not promise a terminal (issue 31 item 7).
 */
export function instead(): string {
  return unattended() ? 'The call did not run: this run has no terminal to ask in.' : 'Asking in the terminal instead.';
}

/**
 * What became of the card after a stop or a failure: none filed, taken out (or closed otherwise),
 * still in the queue, or not seen in time though Cast may still be filing it (`onItsWay`).
 */
export type CardFate = { id: string; decision: DecisionView } | { id: string; error: unknown } | { onItsWay: true } | null;

const sentence = (text: string) => (/[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** Unreachable, token refused, input refused, server failing, rate-limited, not signed in, a bad payload. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    const { status, code, detail } = error.problem;
    if (status === 401 || status === 403) return `Cast refused the token (${status} ${code}): ${detail}`;
    if (status === 429) return detail;
    if (status >= 500) return `Cast failed (${status} ${code}): ${detail}`;
    return `Cast refused this tool call (${status} ${code}): ${detail}`;
  }
  if (error instanceof CliError) return error.message;
  return `cast hook claude-code failed: ${error instanceof Error ? error.message : String(error)}`;
}

function fateText(fate: CardFate): string | null {
  if (!fate) return null;
  // Nothing to tell: whether Cast is filing a card at all is unknown, and the keeper handles one if it is.
  if ('onItsWay' in fate) return null;
  if ('decision' in fate) return `${fate.id} was ${fate.decision.status}`;
  return `${fate.id} could not be withdrawn (${failureText(fate.error)}): answer or withdraw it in Cast`;
}

/** `then`: what the host does instead (Claude Code asks in the terminal; Codex refuses the call). */
export function failedReason(error: unknown, fate: CardFate, then = instead()): string {
  const card = fateText(fate);
  return [sentence(failureText(error)), ...(card ? [sentence(card)] : []), then].join(' ');
}

/**
 * `Nobody answered in Cast in time (10m); sd-4 was withdrawn. Asking in the terminal instead.` A
 * card that lapsed is said to have lapsed, in words the model reads: never a bare deny (issue 40 item 8).
 */
export function stoppedReason(stopped: StopReason, timeout: string, filed: boolean, fate: CardFate, then = instead()): string {
  const card = fateText(fate);
  // `Answered in the terminal; sd-4 was withdrawn.` — nothing happens instead: the call has run.
  if (stopped.kind === 'answered-in-terminal') return sentence(card ? `Answered in the terminal; ${card}` : 'Answered in the terminal');
  const what =
    stopped.kind === 'signal'
      ? `Stopped by ${stopped.signal}`
      : filed
        ? `Nobody answered in Cast in time (${timeout})`
        : `Cast did not answer within ${timeout}`;
  return `${sentence(card ? `${what}; ${card}` : what)} ${then}`;
}
