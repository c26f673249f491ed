/**
 * What a card's answer tells the framework: approve or deny, and the words the model reads — the
 * person's reason, or the rule's that answered at filing. Anything but a y / n (the card
 * withdrawn, archived, past its wait; Cast not reachable) is a deny: the call never runs on
 * an answer nobody gave.
 */
import { ruleWords } from '../../domain/automatic-answer';
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
export function answerOf(decision: DecisionView): CastAnswer | null {
  if (decision.status === 'open') return null;
  const answer = decision.asks[0]?.answer;
  if (decision.status !== 'resolved' || answer?.value.kind !== 'approval') {
    return {
      approved: false,
      reason: `${decision.id} was ${decision.status} in Cast without a yes or no, so the call was not run.`,
      decisionId: decision.id,
      by: 'nobody',
    };
  }
  const actor = answer.provenance?.actor;
  const byRule = actor?.kind === 'rule';
  const approved = answer.value.decision === 'approve';
  const said = `${approved ? 'Approved' : 'Denied'} in Cast (${decision.id})${byRule ? ` by ${ruleWords(actor)}` : ''}`;
  return {
    approved,
    reason: answer.reason ? `${said}: ${answer.reason}` : `${said}.`,
    decisionId: decision.id,
    by: byRule ? 'rule' : 'person',
  };
}

/** Cast could not be asked (unreachable, refusing, a bad token): the call is denied, never run. */
export function unasked(error: unknown, decisionId: string | null = null): CastAnswer {
  const why = error instanceof Error ? error.message : String(error);
  return { approved: false, reason: `Cast could not be asked (${why}), so the call was not run.`, decisionId, by: 'nobody' };
}
