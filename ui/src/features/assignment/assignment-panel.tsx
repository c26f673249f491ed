/**
 * Whom an open decision is for, and who is on it (issue 41 item 1): "For team infra · Dana is
 * on it", with Claim or Release, and a menu to address it to a member, a team, or everyone.
 * Each change writes its reply into the pane's cache; a refusal is said in place.
 */
import { useId } from 'react';
import './assignment.css';
import { useTranslation } from 'react-i18next';
import type { Assignment } from '../../../../domain/assignment';
import { problemMessage } from '../../http/problem-message';
import { useMay } from '../../shared/session';
import { useMembers } from '../settings/people-queries';
import { useTeams } from '../teams/teams-queries';
import { useClaim, useReassign, useRelease } from './assignment-queries';
import { answersDecisions, assigneeWords, claimWords } from './assignment-words';

export function AssignmentPanel({ id, assignment, me }: { id: string; assignment: Assignment; me: string | null }) {
  const { t } = useTranslation();
  const menuId = useId();
  const mayChange = useMay('decision.answer');
  const mayReleaseAnyone = useMay('member.manage');
  const members = useMembers();
  const teams = useTeams();
  const claim = useClaim(id);
  const release = useRelease(id);
  const reassign = useReassign(id);
  const failure = [claim.error, release.error, reassign.error].find(Boolean);
  const words = [assigneeWords(t, assignment, me) ?? t('assignment.forEveryone'), claimWords(t, assignment, me)].filter(Boolean);
  const claimedBy = assignment.claimedBy;
  const current =
    assignment.assignee === null
      ? ''
      : assignment.assignee.kind === 'team'
        ? `team:${assignment.assignee.id}`
        : `@${assignment.assignee.id}`;
  return (
    <div className="assignment" data-testid="assignment">
      <p data-testid="assignment-line">{words.join(' · ')}</p>
      {mayChange && (
        <div className="assignment-tools">
          {!claimedBy && assignment.forMe && (
            <button type="button" className="small" data-action="claim" disabled={claim.isPending} onClick={() => claim.mutate()}>
              {t('assignment.claim')}
            </button>
          )}
          {claimedBy && (claimedBy.id === me || mayReleaseAnyone) && (
            <button
              type="button"
              className="small quiet"
              data-action="release"
              disabled={release.isPending}
              onClick={() => release.mutate()}
            >
              {t('assignment.release')}
            </button>
          )}
          <label htmlFor={menuId} className="visually-hidden">
            {t('assignment.reassign')}
          </label>
          <select
            id={menuId}
            data-testid="reassign"
            value={current}
            disabled={reassign.isPending}
            onChange={(e) => reassign.mutate(e.target.value || null)}
          >
            <option value="">{t('assignment.toEveryone')}</option>
            {(teams.data ?? []).map((team) => (
              <option key={team.id} value={`team:${team.id}`}>
                {t('assignment.toTeam', { name: team.name })}
              </option>
            ))}
            {(members.data ?? []).filter(answersDecisions).map((member) => (
              <option key={member.id} value={`@${member.id}`}>
                {member.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {failure && (
        <p role="alert" data-testid="assignment-problem">
          {problemMessage(failure)}
        </p>
      )}
    </div>
  );
}
