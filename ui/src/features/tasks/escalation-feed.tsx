/**
 * A task's escalation feed (§6.1 "Task detail"): each time an agent gave up on this task —
 * what must be decided, why, whether it is still open, and when — with Open in My Decisions
 * on each row, where it is answered like any other decision.
 */
import { useTranslation } from 'react-i18next';
import { ago } from '../../shared/time';
import type { Escalation } from '../../../../domain/escalation';
import { AppLink } from '../../shared/app-link';

export function EscalationFeed({ escalations }: { escalations: Escalation[] | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="task-escalations">
      <h2 id="task-escalations">{t('escalations.heading')}</h2>
      {escalations === null ? (
        <p role="alert">{t('escalations.failed')}</p>
      ) : escalations.length === 0 ? (
        <p>{t('escalations.none')}</p>
      ) : (
        <ul className="escalations" data-testid="escalations">
          {escalations.map((escalation) => (
            <li key={escalation.id} data-testid="escalation" data-escalation={escalation.id}>
              {/* Agent-written text: rendered as text, never markup. */}
              <span className="question" id={`escalation-${escalation.id}`}>
                {escalation.mustDecide}
              </span>{' '}
              <span className="help" data-testid="escalation-line">
                {t('escalations.line', {
                  reason: t(`escalations.reasons.${escalation.reasonCode}`),
                  status: t(`escalations.statuses.${escalation.status}`),
                  time: ago(t, escalation.createdAt),
                })}
              </span>{' '}
              {escalation.decisionId && (
                <AppLink
                  href={`/decisions?id=${encodeURIComponent(escalation.decisionId)}`}
                  aria-describedby={`escalation-${escalation.id}`}
                >
                  {t('escalations.openInQueue')}
                </AppLink>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
