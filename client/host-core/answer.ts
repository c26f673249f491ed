/**
 * A card's answer mapped back for the host: approve (perhaps "always") or deny, with the person's
 * reason, who gave it (a rule says which) and the sentence the host shows. A card that closed
 * without a y / n has no answer, and no host takes that for an approval.
 */
import { ruleWords } from '../../domain/automatic-answer';
import type { DecisionView } from '../../domain/decision';
import type { HostOption } from './prompt';

export type HostAnswer = {
  kind: 'approve' | 'deny';
  /** The person's "always allow this": only a card whose host offered `allow_always` takes it. */
  always: boolean;
  /** The reason the person (or a deny rule) gave, if any. */
  reason: string | null;
  /** `Approved in Cast (sd-4) by rule "…": reason` — what the host shows or the model reads. */
  words: string;
  /** The tool input the person approved instead of the proposal (issue 43 item 6); null: as proposed. */
  edited: Record<string, unknown> | null;
  /** Who answered: a person, or a Cast rule (at filing). */
  by: 'person' | 'rule';
};

/** The card's y / n, or null when it left open without one (withdrawn, archived, a question's answer). */
export function answerOf(decision: DecisionView): HostAnswer | null {
  const answer = decision.asks[0]?.answer;
  if (decision.status !== 'resolved' || answer?.value.kind !== 'approval') return null;
  // Issue 42 item 6: a rule's answer says which rule gave it; a deny rule's reason follows, in words.
  const actor = answer.provenance?.actor;
  const byRule = actor?.kind === 'rule';
  const by = byRule ? ` by ${ruleWords(actor)}` : '';
  const because = answer.reason ? `: ${answer.reason}` : '.';
  const approve = answer.value.decision === 'approve';
  const edited = approve ? (answer.value.editedInput ?? null) : null;
  return {
    kind: approve ? 'approve' : 'deny',
    always: approve && answer.value.always === true,
    reason: answer.reason ?? null,
    words: `${approve ? (edited ? 'Approved as edited' : 'Approved') : 'Denied'} in Cast (${decision.id})${by}${because}`,
    edited,
    by: byRule ? 'rule' : 'person',
  };
}

/**
 * The host's option for the answer (ACP's `optionId`): "always" its `allow_always`, an approve its
 * `allow_once`, a deny its `reject_once` (else its `reject_always`: refusing more is safe). Null
 * when the host offers none that fits, or the person approved an edit of the call (only a host
 * that runs an edit is offered one): the host then refuses, never approves.
 */
export function chosenOption(answer: HostAnswer, options: readonly HostOption[]): HostOption | null {
  const first = (kind: HostOption['kind']) => options.find((option) => option.kind === kind) ?? null;
  // An edited call is not what any option runs: the host would run the proposal, which nobody approved.
  if (answer.edited) return null;
  if (answer.kind === 'deny') return first('reject_once') ?? first('reject_always');
  return answer.always ? first('allow_always') : first('allow_once');
}
