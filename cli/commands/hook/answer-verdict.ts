/**
 * The verdict a card's answer gives: the person's (or a rule's) y / n (and "always", which the
 * PermissionRequest door turns into a rule); anything else (withdrawn, archived) gives no answer.
 */
import { ruleWords } from '../../../domain/automatic-answer';
import type { DecisionView } from '../../../domain/decision';
import { instead } from './ask-reason';
import { ask, type Verdict } from './verdict';

/** What the verdict carries besides allow / deny: whether the person said "always allow this". */
export type Answered = Verdict & { alwaysAsked?: boolean };

export function verdictOf(decision: DecisionView): Answered {
  const answer = decision.asks[0]?.answer;
  if (decision.status === 'resolved' && answer?.value.kind === 'approval') {
    // Issue 42 item 6: a rule's answer says which rule gave it; a deny rule's reason follows, in words.
    const actor = answer.provenance?.actor;
    const by = actor?.kind === 'rule' ? ` by ${ruleWords(actor)}` : '';
    const reason = answer.reason ? `: ${answer.reason}` : '.';
    return answer.value.decision === 'approve'
      ? {
          decision: 'allow',
          reason: `Approved in Cast (${decision.id})${by}${reason}`,
          ...(answer.value.always ? { alwaysAsked: true } : {}),
        }
      : { decision: 'deny', reason: `Denied in Cast (${decision.id})${by}${reason}` };
  }
  return ask(`${decision.id} was ${decision.status} in Cast without a y / n. ${instead()}`);
}
