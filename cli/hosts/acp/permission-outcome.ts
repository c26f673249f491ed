/**
 * The agent's answer from the card's (issue 43 item 2): the person's approve, approve-and-always
 * or deny (client/host-core/answer.ts) as one of the options the agent offered in
 * `session/request_permission`. Anything that is not a clear approval the agent offered a way to
 * say — a withdrawn or archived card, Cast unreachable, an answer of another kind — is a no (a
 * reject option, else `cancelled`), never a yes.
 */
import type { PermissionOption, RequestPermissionOutcome } from '@agentclientprotocol/sdk';
import type { AskOutcome } from '../../../client/host-core/ask';
import { answerOf, chosenOption } from '../../../client/host-core/answer';
import { failureText } from '../common/failure-text';

export type AgentAnswer = { outcome: RequestPermissionOutcome; said: string };

/** A no the agent understands: its own reject option, or `cancelled` when it offered none. */
export function refusal(options: readonly PermissionOption[], said: string): AgentAnswer {
  const reject = options.find((option) => option.kind === 'reject_once') ?? options.find((option) => option.kind === 'reject_always');
  return { outcome: reject ? { outcome: 'selected', optionId: reject.optionId } : { outcome: 'cancelled' }, said };
}

/** Why no answer came, in words for the agent's `_meta` and Cast's stderr. */
export function unansweredWords(outcome: Exclude<AskOutcome, { kind: 'answered' }>): string {
  if (outcome.kind === 'withdrawn') return `${outcome.decision.id} was ${outcome.decision.status} in Cast without a y / n`;
  if (outcome.kind === 'stopped') return 'the wait was called off';
  return `Cast could not be asked: ${failureText(outcome.error)}`;
}

export function agentAnswer(outcome: AskOutcome, options: readonly PermissionOption[]): AgentAnswer {
  if (outcome.kind !== 'answered') return refusal(options, unansweredWords(outcome));
  const answer = answerOf(outcome.decision);
  if (!answer) return refusal(options, `${outcome.decision.id} was answered in Cast without a y / n`);
  const hostOptions = options.map((option) => ({ id: option.optionId, kind: option.kind, name: option.name }));
  // A plain approve never becomes a standing allow: without allow_once the agent is told no.
  const chosen = chosenOption(answer, hostOptions);
  if (!chosen) return refusal(options, `${answer.words} The agent offers no option for that answer, so it is told no.`);
  return { outcome: { outcome: 'selected', optionId: chosen.id }, said: answer.words };
}
