/**
 * The agent's answer to `elicitation/create` from the Cast card's (issue 43 item 2), ACP's
 * `{action: accept | decline | cancel, content?}`:
 *   - `accept`, with the typed values, only when every answer fits the form (elicitation-value.ts);
 *     a URL card's "Opened it and finished" is `accept` with no content.
 *   - `decline` for every other end a person or Cast gave it: "Decline" chosen, the card archived
 *     or withdrawn without an answer, an answer that does not fit the form (nothing of it sent),
 *     Cast unreachable. Never an invented value.
 *   - `cancel` only when the request was called off (`session/cancel`, the agent's own
 *     `$/cancel_request`): first-answer.ts answers those.
 * Cast's sentence rides in `_meta.cast.said`, as with permissions.
 */
import type { ElicitationContentValue } from '@agentclientprotocol/sdk';
import type { DecisionView } from '../../../domain/decision';
import type { AgentResult } from './first-answer';
import { DECLINE, type ElicitationCard } from './elicitation-card';
import { fieldValue } from './elicitation-value';

export type ElicitationAnswer = {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, ElicitationContentValue>;
  said: string;
  /** Set when the person's answer did not fit the form: what was wrong, for the session's log. */
  misfit?: string;
};

/** What the agent reads: the action, the content on accept, and Cast's words in `_meta`. */
export function elicitationResult(answer: Pick<ElicitationAnswer, 'action' | 'content' | 'said'>): AgentResult {
  return { action: answer.action, ...(answer.content ? { content: answer.content } : {}), _meta: { cast: { said: answer.said } } };
}

const chosen = (decision: DecisionView, position: number) => {
  const value = decision.asks[position - 1]?.answer?.value;
  return value?.kind === 'decision' ? value.selected : [];
};

/** The answer from a card that has left open (answered, archived or withdrawn). */
export function elicitationAnswer(card: Exclude<ElicitationCard, { mode: 'unaskable' }>, decision: DecisionView): ElicitationAnswer {
  if (decision.status !== 'resolved')
    return { action: 'decline', said: `${decision.id} was ${decision.status} in Cast without an answer.` };
  const declined = { action: 'decline' as const, said: `Declined in Cast (${decision.id}).` };
  if (card.mode === 'url')
    return chosen(decision, 1).includes(DECLINE) ? declined : { action: 'accept', said: `Accepted in Cast (${decision.id}).` };
  if (chosen(decision, card.fields.length + 1).includes(DECLINE)) return declined;
  const content: Record<string, ElicitationContentValue> = {};
  const problems: string[] = [];
  card.fields.forEach((field, index) => {
    const answer = decision.asks[index]?.answer;
    if (!answer) {
      if (field.required) problems.push(`${field.name} was left unanswered`);
      return;
    }
    const typed = fieldValue(field, answer.value);
    if ('problem' in typed) problems.push(`${field.name}: ${typed.problem}`);
    else content[field.key] = typed.value;
  });
  if (problems.length) {
    const misfit = `${problems.join('; ')}.`;
    return {
      action: 'decline',
      said: `${decision.id} was answered in Cast, but not as the agent's form takes it, so nothing of it was sent: ${misfit}`,
      misfit,
    };
  }
  return { action: 'accept', content, said: `Answered in Cast (${decision.id}).` };
}
