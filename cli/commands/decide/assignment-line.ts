/** How `cast decide assign|claim|release` print whom a decision is for, and who is on it. */
import type { Assignment } from '../../../domain/assignment';

export function assignmentLine(id: string, assignment: Assignment): string {
  const { assignee, claimedBy } = assignment;
  const whom = assignee ? (assignee.kind === 'team' ? `team ${assignee.name}` : assignee.name) : 'everyone';
  return `${id} is for ${whom}${claimedBy ? `; ${claimedBy.name} is on it` : ''}.`;
}
