/**
 * What an answer is called once given (issue 39 item 4): "Answered." after a rejection was not
 * true — the person rejected it, so the toast and the outcome say "Rejected."; and an advisory
 * decision's agent was never paused, so "There was no paused work left to restart." told the
 * person nothing: the outcome says whether the answer overrides the default the agent is working
 * on (cast-decide "Blocking and advisory": "Your answer can still override that default later").
 */
import type { TFunction } from 'i18next';
import { closedOnRejection } from '../../../../domain/answer-message';
import type { AnswerValue } from '../../../../domain/ask-schema';
import type { DecisionRead } from '../../http/decisions';

type Decision = DecisionRead['decision'];

export const isRejection = (value: AnswerValue) => value.kind === 'approval' && value.decision === 'reject';

/** "Rejected." for a rejection, else "Answered." — said the moment the answer is taken. */
export function answerTaken(t: TFunction, value: AnswerValue): string {
  return isRejection(value) ? t('outcome.rejected') : t('outcome.answered');
}

/** The decision closed on a rejection: an approval ask of it was rejected (the server's words use the same rule). */
export const closedByRejection = (decision: Decision): boolean => closedOnRejection(decision);

/**
 * An advisory decision with a default, closed with nothing paused to restart: whether the answer
 * keeps the default its agent is working on or overrides it. Null for anything else.
 */
export function advisoryOutcome(t: TFunction, decision: Decision, agent: string): string | null {
  if (decision.mode !== 'advisory' || decision.defaultOption === null || decision.delivery?.kind !== 'nothing') return null;
  const choice = decision.asks.find((ask) => ask.kind === 'decision');
  if (choice?.kind !== 'decision' || choice.answer?.value.kind !== 'decision') return null;
  const label = (n: number) => choice.options[n - 1]?.label ?? String(n);
  const selected = choice.answer.value.selected;
  const kept = selected.length === 1 && selected[0] === decision.defaultOption;
  return kept
    ? t('outcome.advisoryKept', { agent, label: label(decision.defaultOption) })
    : t('outcome.advisoryOverride', { agent, label: selected.map(label).join(', '), from: label(decision.defaultOption) });
}
