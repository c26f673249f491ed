/**
 * The queue with nothing to show: never had a decision (§6.8, with Open Agents: an agent's
 * instructions say when it asks), all clear after a quiet two weeks (§6.7, E11, which is not a
 * celebration, and points at recent Runs and the safety rails), or simply all clear; the
 * Answered and Archived tabs each say their own line (§8). The first-run state never carries
 * the quiet warning (E12).
 */
import { useTranslation } from 'react-i18next';
import type { QueuePage } from '../../../../domain/queue';
import { AppLink } from '../../shared/app-link';
import { RECENT_RUNS_HREF } from '../health/health-line';
import { AGENTS_HREF, SAFETY_RAILS_HREF } from '../../routing/agent-links';

const QUIET_DAYS = 14;

/** Which empty queue: the Open tab's (§6.7, §6.8), the Answered or Archived tab's own (§8), or a filtered view's. */
export type EmptyKind = 'open' | 'answered' | 'archived' | 'filtered';

export function EmptyQueue({ history, kind }: { history: QueuePage['history']; kind: EmptyKind }) {
  const { t } = useTranslation();
  // §8: "Tabs Open / Answered / Archived are present, deep-linkable, and each has its own empty state."
  if (kind === 'answered' || kind === 'archived') {
    return (
      <p className="empty" data-testid="empty-tab">
        {t(kind === 'answered' ? 'queue.emptyAnswered' : 'queue.emptyArchived')}
      </p>
    );
  }
  if (kind === 'filtered') return <p className="empty">{t('queue.emptyTab')}</p>;
  if (history.decisions === 0) {
    return (
      <section className="empty">
        <h2>{t('queue.emptyFirstRunTitle')}</h2>
        <p>{t('queue.emptyFirstRunBody')}</p>
        <p>{t('queue.emptyFirstRunHint')}</p>
        <p>
          <AppLink className="button-link" href={AGENTS_HREF}>
            {t('queue.openAgents')}
          </AppLink>
        </p>
      </section>
    );
  }
  const days = history.lastOpenedAt ? Math.floor((Date.now() - Date.parse(history.lastOpenedAt)) / 86_400_000) : QUIET_DAYS;
  return (
    <section className="empty">
      <h2>{t('queue.emptyQuietTitle')}</h2>
      {days >= QUIET_DAYS && (
        <>
          <p>{t('queue.emptyQuietBody')}</p>
          <p>
            <AppLink className="button-link" href={RECENT_RUNS_HREF}>
              {t('queue.reviewRuns')}
            </AppLink>{' '}
            <AppLink className="button-link" href={SAFETY_RAILS_HREF}>
              {t('queue.safetyRails')}
            </AppLink>
          </p>
          <p className="help">{t('queue.emptyQuietFootnote', { days })}</p>
        </>
      )}
    </section>
  );
}
