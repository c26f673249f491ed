/**
 * The queue's header: its title, what it holds (§6.18 "Header counts"), and its tools —
 * Archive all, the `?` sheet (a keyboard's, so not offered on a touch screen) and signing out.
 * Analytics is in the sidebar.
 */
import { useTranslation } from 'react-i18next';
import { focusOnArrival } from '../../routing/navigate';

const NO_BREAK_SPACE = '\u00a0';

export type HeaderCounts = { open: number; blocking: number; total: number };

export function QueueHeader({
  counts,
  filtered,
  canArchiveAll,
  onArchiveAll,
  onHelp,
  onSignOut,
}: {
  counts: HeaderCounts | null;
  /** A filtered view's count is its own; the health line's is the workspace's. */
  filtered: boolean;
  canArchiveAll: boolean;
  onArchiveAll: () => void;
  onHelp: () => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  return (
    <header className="queue-header">
      <div>
        <h1 ref={focusOnArrival} tabIndex={-1}>
          {t('queue.title')}
        </h1>
        <p className="subtitle">{t('queue.subtitle')}</p>
        {/* The line is there before the counts are, so their arrival moves nothing below (§6.6 shows none). */}
        {counts ? (
          <p className="counts" data-testid="counts">
            {t(filtered ? 'queue.countsInView' : 'queue.counts', { open: counts.open, blocking: counts.blocking })}
          </p>
        ) : (
          <p className="counts" aria-hidden="true">
            {NO_BREAK_SPACE}
          </p>
        )}
      </div>
      <div className="queue-tools">
        {canArchiveAll && (
          <button type="button" className="small" data-action="archive-all" onClick={onArchiveAll}>
            {t('archiveAll.button')}
          </button>
        )}
        <button type="button" className="small keyboard-only" onClick={onHelp} aria-label={t('queue.keyboardHelp')}>
          {t('keys.label.help')}
        </button>
        <button type="button" className="quiet small" onClick={onSignOut}>
          {t('signIn.signOut')}
        </button>
      </div>
    </header>
  );
}
