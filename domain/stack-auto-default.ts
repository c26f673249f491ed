/**
 * Which of a stack's members a duration's auto-default answers the moment it is saved (issue
 * #30: shortening 2h to 15m answered two decisions at once, unannounced). It is the rule each
 * member's workflow applies when told its new deadline (workflows/stack-side.ts): the default
 * is due once `untilDue(memberDeadline(…))` is 0 or less, and taken only when the decision
 * still has one to take (`declaredDefault`: open, advisory, with a default, its choice
 * unanswered). The stack page counts by it before it saves, from the stack read it has.
 */
import type { DecisionSnapshot } from './decision';
import { declaredDefault } from './decision-state';
import { memberDeadline, untilDue, type StackMember } from './stack';

type Decision = Pick<DecisionSnapshot, 'id' | 'status' | 'mode' | 'defaultOption' | 'asks'>;

/** The members (their decision ids, in the stack's order) that `autoDefaultMs` answers at `now`. */
export function answeredAtOnce(
  members: ReadonlyArray<Pick<StackMember, 'decisionId' | 'joinedAt' | 'open'>>,
  decisions: readonly Decision[],
  autoDefaultMs: number | null,
  now: Date,
): string[] {
  const byId = new Map(decisions.map((decision) => [decision.id, decision]));
  return members
    .filter((member) => {
      const decision = byId.get(member.decisionId);
      const deadline = memberDeadline(member, autoDefaultMs);
      return (
        member.open && decision !== undefined && deadline !== null && untilDue(deadline, now) <= 0 && declaredDefault(decision) !== null
      );
    })
    .map((member) => member.decisionId);
}
