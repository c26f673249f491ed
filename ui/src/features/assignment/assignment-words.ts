/** How the queue and the detail say whom a decision is for, and who is on it. */
import type { TFunction } from 'i18next';
import type { Assignment } from '../../../../domain/assignment';
import type { Member } from '../../../../domain/people';

/** "For team infra", "For Dana", "For you". */
export function whomWords(t: TFunction, assignee: NonNullable<Assignment['assignee']>, me: string | null): string {
  if (assignee.kind === 'team') return t('assignment.forTeam', { name: assignee.name });
  return assignee.id === me ? t('assignment.forYou') : t('assignment.forMember', { name: assignee.name });
}

export function assigneeWords(t: TFunction, assignment: Assignment, me: string | null): string | null {
  const { assignee } = assignment;
  if (!assignee) return null;
  const whom = whomWords(t, assignee, me);
  // Issue 41 item 5: a member keeps their name; who covers for them is said beside it.
  return assignment.delegatedTo ? `${whom} · ${t('assignment.covers', { name: assignment.delegatedTo.name })}` : whom;
}

export function claimWords(t: TFunction, assignment: Assignment, me: string | null): string | null {
  const { claimedBy } = assignment;
  if (!claimedBy) return null;
  return claimedBy.id === me ? t('assignment.youAreOnIt') : t('assignment.onIt', { name: claimedBy.name });
}

/** Whom a decision may be addressed to or handed over to: a current member who may answer. */
export function answersDecisions(member: Member): boolean {
  return !member.removedAt && member.role !== 'viewer';
}

/** Who may answer instead, where the workspace lets only assignees answer. */
export function whoMayAnswerWords(t: TFunction, assignment: Assignment): string {
  const { assignee } = assignment;
  if (assignee?.kind === 'team') return t('assignment.onlyTeam', { name: assignee.name });
  return t('assignment.onlyMember', { name: assignee?.name ?? '' });
}
