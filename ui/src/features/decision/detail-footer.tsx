/**
 * The pane's footer: Archive (open) or Restore (archived), the Run an open decision holds
 * (§6.2; once answered, the outcome line links the run that took the answer), and Previous /
 * Next, always there, so the person moves on when they choose — the answered decision stays.
 */
import { useTranslation } from 'react-i18next';
import type { DecisionRead } from '../../http/decisions';
import { AppLink } from '../../shared/app-link';

/** Where the walker can go from here; absent outside the queue (the decision's own page). */
export type Walk = { previous: boolean; next: boolean; onMove: (by: 1 | -1) => void };

export function DetailFooter({
  data,
  walk,
  onArchive,
  onRestore,
}: {
  data: DecisionRead;
  walk: Walk | null;
  /** Absent for a role without decision.archive: no Archive or Restore is offered. */
  onArchive?: () => void;
  onRestore?: () => void;
}) {
  const { t } = useTranslation();
  const { decision, detail } = data;
  const open = decision.status === 'open';
  return (
    <footer>
      {open && onArchive && (
        <button type="button" data-action="archive" onClick={onArchive}>
          {t('queue.archive')}
        </button>
      )}
      {decision.status === 'archived' && onRestore && (
        <button type="button" data-action="restore" onClick={onRestore}>
          {t('queue.restore')}
        </button>
      )}
      {open && detail.run && (
        <AppLink href={`/runs/${encodeURIComponent(detail.run.id)}`} className="button-link" data-testid="open-run">
          {t('detail.openRun')}
          <span aria-hidden="true"> {t('outcome.arrow')}</span>
        </AppLink>
      )}
      {walk && (
        <span className="walk">
          <button type="button" data-action="previous" disabled={!walk.previous} onClick={() => walk.onMove(-1)}>
            <span aria-hidden="true">{t('detail.previousArrow')} </span>
            {t('queue.previous')}
          </button>
          {/* Once the decision is closed, Next is the way on: the filled button. */}
          <button
            type="button"
            data-action="next"
            className={open ? undefined : 'primary'}
            disabled={!walk.next}
            onClick={() => walk.onMove(1)}
          >
            {t('queue.next')}
            <span aria-hidden="true"> {t('detail.nextArrow')}</span>
          </button>
        </span>
      )}
    </footer>
  );
}
