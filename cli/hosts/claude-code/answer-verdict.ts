/**
 * The verdict a card's answer gives Claude Code: the person's (or a rule's) y / n (and "always",
 * which the PermissionRequest hook event turns into a rule); anything else (withdrawn, archived)
 * gives no answer, and Claude Code asks in its terminal.
 */
import type { DecisionView } from '../../../domain/decision';
import { answerOf } from '../../../client/host-core/answer';
import { instead } from './attended';
import { ask, type Verdict } from './verdict';

/** What the verdict carries besides allow / deny: whether the person said "always allow this". */
export type Answered = Verdict & { alwaysAsked?: boolean };

export function verdictOf(decision: DecisionView): Answered {
  const answer = answerOf(decision);
  if (!answer) return ask(`${decision.id} was ${decision.status} in Cast without a y / n. ${instead()}`);
  if (answer.kind === 'deny') return { decision: 'deny', reason: answer.words };
  return {
    decision: 'allow',
    reason: answer.words,
    ...(answer.always ? { alwaysAsked: true } : {}),
    ...(answer.edited ? { updatedInput: answer.edited } : {}),
  };
}
