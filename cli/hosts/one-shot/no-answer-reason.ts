/**
 * Why a hook has no person's answer to give: the sentence the host shows (Claude Code beside its
 * own prompt) or the model reads — what went wrong, and what became of the card.
 */
import { failureText } from '../common/failure-text';
import type { CardFate } from '../../../client/host-core/withdraw';
import type { StopReason } from './run-bound';

const sentence = (text: string) => (/[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

function fateText(fate: CardFate): string | null {
  if (!fate) return null;
  // Nothing to tell: whether Cast is filing a card at all is unknown, and the keeper handles one if it is.
  if ('onItsWay' in fate) return null;
  if ('decision' in fate) return `${fate.id} was ${fate.decision.status}`;
  return `${fate.id} could not be withdrawn (${failureText(fate.error)}): answer or withdraw it in Cast`;
}

/** `then`: what the host does instead (Claude Code asks in the terminal; Codex refuses the call). `asker`: the hook, by its command. */
export function failedReason(error: unknown, fate: CardFate, then: string, asker = 'cast hook'): string {
  const card = fateText(fate);
  return [sentence(failureText(error, asker)), ...(card ? [sentence(card)] : []), then].join(' ');
}

/**
 * `Nobody answered in Cast in time (10m); sd-4 was withdrawn. Asking in the terminal instead.` A
 * card that lapsed is said to have lapsed, in words the model reads: never a bare deny (issue 40 item 8).
 */
export function stoppedReason(stopped: StopReason, timeout: string, filed: boolean, fate: CardFate, then: string): string {
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
