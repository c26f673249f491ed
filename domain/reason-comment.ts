/**
 * What a reason given with an answer reads as on the task's comment thread (AW-03 §5.4, §7:
 * "Reasons and withdrawals are posted to the Task's existing comment thread"), in §6.4's
 * words for an answer with its reason: `Approved — "Budget is capped this quarter."`.
 */
import { describeAnswer } from './ask';
import type { Ask, AnswerValue } from './ask-schema';

export function reasonComment(ask: Ask, answer: { value: AnswerValue; reason: string }): string {
  return `Answer to "${ask.prompt}": ${describeAnswer(ask, answer.value)} — "${answer.reason}"`;
}
