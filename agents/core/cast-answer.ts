/**
 * What a card's answer tells the framework: approve or deny, and the words the model reads — the
 * person's reason, or the rule's that answered at filing — as the host core maps it for every
 * host (client/host-core/answer.ts). Anything but a y / n (the card withdrawn, archived, past its
 * wait; Cast not reachable) is a deny: the call never runs on an answer nobody gave.
 */
import { answerOf } from '../../client/host-core/answer';
import type { DecisionView } from '../../domain/decision';

export type CastAnswer = {
  approved: boolean;
  /** "Denied in Cast (sd-12): not on a Friday." — what the model is told. */
  reason: string;
  /** The card, once one was filed. */
  decisionId: string | null;
  /** Who answered: a person in Cast, a Cast rule at filing, or nobody (a deny that fails closed). */
  by: 'person' | 'rule' | 'nobody';
};

/** The card's answer, or null while it is open. */
export function castAnswerOf(decision: DecisionView): CastAnswer | null {
  if (decision.status === 'open') return null;
  const answer = answerOf(decision);
  if (!answer) {
    return {
      approved: false,
      reason: `${decision.id} was ${decision.status} in Cast without a yes or no, so the call was not run.`,
      decisionId: decision.id,
      by: 'nobody',
    };
  }
  return { approved: answer.kind === 'approve', reason: answer.words, decisionId: decision.id, by: answer.by };
}

/** Cast could not be asked (unreachable, refusing, a bad token): the call is denied, never run. */
export function unasked(error: unknown, decisionId: string | null = null): CastAnswer {
  const why = error instanceof Error ? error.message : String(error);
  return { approved: false, reason: `Cast could not be asked (${why}), so the call was not run.`, decisionId, by: 'nobody' };
}
