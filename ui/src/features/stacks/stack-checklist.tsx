/**
 * The stack page's checklist: each member in the stack's order — its question (a link to it
 * in the queue), status and mode; for an advisory member its default and when the default
 * is taken; "answered automatically" when it was — with Move up, Move down and Remove.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { byStackDefault } from '../../../../domain/automatic-answer';
import { memberDeadline, type StackView } from '../../../../domain/stack';
import { moment } from '../../shared/time';
import type { DecisionView } from '../../../../domain/decision-view-schema';
import { AppLink } from '../../shared/app-link';
import { describe } from '../decision/asks/ask-item';
import { useTimeZone } from '../../shared/time-zone-provider';

export type MemberAction = 'up' | 'down' | 'remove';

export function StackChecklist({
  stack,
  decisions,
  onAct,
}: {
  stack: StackView;
  decisions: DecisionView[];
  onAct: (decisionId: string, action: MemberAction) => void;
}) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const byId = new Map(decisions.map((decision) => [decision.id, decision]));
  const editable = stack.status === 'open';
  const last = stack.members.length - 1;
  return (
    <ol className="checklist-page" data-testid="checklist">
      {stack.members.map((member, index) => {
        const decision = byId.get(member.decisionId);
        const question = decision?.question ?? t('stack.unknownMember');
        // The decision's own status is the truth; the stack learns of changes a moment later.
        const done = decision ? decision.status !== 'open' : !member.open;
        const deadline =
          decision && decision.status === 'open' && decision.mode === 'advisory' ? memberDeadline(member, stack.autoDefaultMs) : null;
        return (
          <li key={member.decisionId} className={done ? 'member done' : 'member'} data-testid="member" data-member={member.decisionId}>
            {/* Its place in the order, or a check mark once it is closed; the list and the status line say both in words. */}
            <span className="check" aria-hidden="true">
              {done ? t('stack.doneMark') : index + 1}
            </span>
            <div className="member-body">
              <AppLink href={`/decisions?id=${member.decisionId}`} className="question" title={member.decisionId}>
                {question}
              </AppLink>
              {decision && (
                <p className="meta" data-testid="member-meta">
                  {memberLine(t, decision)}
                </p>
              )}
              {deadline && (
                <p className="meta">
                  <time dateTime={deadline}>{t('stack.deadline', { time: moment(deadline, i18n.language, zone, true) })}</time>
                </p>
              )}
            </div>
            {editable && (
              <div className="member-actions">
                <button
                  type="button"
                  data-action="up"
                  disabled={index === 0}
                  aria-label={t('stack.moveUpOne', { question })}
                  onClick={() => onAct(member.decisionId, 'up')}
                >
                  {t('stack.moveUp')}
                </button>
                <button
                  type="button"
                  data-action="down"
                  disabled={index === last}
                  aria-label={t('stack.moveDownOne', { question })}
                  onClick={() => onAct(member.decisionId, 'down')}
                >
                  {t('stack.moveDown')}
                </button>
                <button
                  type="button"
                  data-action="remove"
                  aria-label={t('stack.removeOne', { question })}
                  onClick={() => onAct(member.decisionId, 'remove')}
                >
                  {t('stack.remove')}
                </button>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** Status (or "Answered automatically", when the stack's policy gave the answer) · mode · the advisory default · the answer. */
function memberLine(t: TFunction, decision: DecisionView): string {
  const choice = decision.asks.find((ask) => ask.kind === 'decision');
  const defaultLabel =
    decision.mode === 'advisory' && decision.defaultOption && choice?.kind === 'decision'
      ? choice.options[decision.defaultOption - 1]?.label
      : undefined;
  const answered = decision.asks.filter((ask) => ask.answer);
  const answer = answered
    .map((ask) => describe(ask, t))
    .filter(Boolean)
    .join(', ');
  const automatic = answered.some((ask) => byStackDefault(ask.answer));
  return [
    automatic ? t('stack.answeredAutomatically') : t(`stack.memberStatuses.${decision.status}`),
    t(`stack.modes.${decision.mode}`),
    defaultLabel ? t('stack.defaultOption', { label: defaultLabel }) : null,
    answer ? t('stack.answer', { answer }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
