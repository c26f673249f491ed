/**
 * A card's answer mapped back for the host: approve (perhaps "always") or deny, with the person's
 * reason, who gave it (a rule says which) and the sentence the host shows. A card that closed
 * without a y / n has no answer, and no host takes that for an approval.
 */
import { ruleWords } from '../../../domain/automatic-answer';
import type { DecisionView } from '../../../domain/decision';
import type { HostOption } from './prompt';

export type HostAnswer = {
  kind: 'approve' | 'deny';
  /** The person's "always allow this": only a card whose host offered `allow_always` takes it. */
  always: boolean;
  /** The reason the person (or a deny rule) gave, if any. */
  reason: string | null;
  /** `Approved in Cast (sd-4) by rule "…": reason` — what the host shows or the model reads. */
  words: string;
};

/** The card's y / n, or null when it left open without one (withdrawn, archived, a question's answer). */
export function answerOf(decision: DecisionView): HostAnswer | null {
  const answer = decision.asks[0]?.answer;
  if (decision.status !== 'resolved' || answer?.value.kind !== 'approval') return null;
  // Issue 42 item 6: a rule's answer says which rule gave it; a deny rule's reason follows, in words.
  const actor = answer.provenance?.actor;
  const by = actor?.kind === 'rule' ? ` by ${ruleWords(actor)}` : '';
  const because = answer.reason ? `: ${answer.reason}` : '.';
  const approve = answer.value.decision === 'approve';
  return {
    kind: approve ? 'approve' : 'deny',
    always: approve && answer.value.always === true,
    reason: answer.reason ?? null,
    words: `${approve ? 'Approved' : 'Denied'} in Cast (${decision.id})${by}${because}`,
  };
}

/**
 * The host's option for the answer (ACP's `optionId`): "always" its `allow_always`, an approve its
 * `allow_once`, a deny its `reject_once` (else its `reject_always`: refusing more is safe). Null
 * when the host offers none that fits: the host then refuses, never approves.
 */
export function chosenOption(answer: HostAnswer, options: readonly HostOption[]): HostOption | null {
  const first = (kind: HostOption['kind']) => options.find((option) => option.kind === kind) ?? null;
  if (answer.kind === 'deny') return first('reject_once') ?? first('reject_always');
  return answer.always ? first('allow_always') : first('allow_once');
}
