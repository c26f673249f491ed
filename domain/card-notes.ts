/**
 * The notes the card carries back to the agent after a post (cast-decide "What the agent
 * writes"): a short context with no report, and options without consequences.
 */
import type { DecisionSnapshot } from './decision';

export const SHORT_CONTEXT = 200;

export const NOTE_SHORT_CONTEXT =
  'The context is under 200 characters and there is no report: the person would have to open the session to answer. Say what happened, what each option changes, and what you recommend.';
export const NOTE_NO_CONSEQUENCE = 'No option has a consequence: write each option as "Label :: what choosing it changes".';

export function cardNotes(decision: Pick<DecisionSnapshot, 'context' | 'asks' | 'documents'>): string[] {
  const notes: string[] = [];
  if (!decision.documents.report && (decision.context ?? '').length < SHORT_CONTEXT) notes.push(NOTE_SHORT_CONTEXT);
  const choices = decision.asks.filter((ask) => ask.kind === 'decision');
  if (choices.length > 0 && choices.every((ask) => ask.options.every((option) => !option.consequence))) {
    notes.push(NOTE_NO_CONSEQUENCE);
  }
  return notes;
}
