/** The queue could not be read: say so, offer Try again, and the last open count read (§6.9). */
import { useTranslation } from 'react-i18next';
import type { LastKnown } from './last-known';
import { duration } from '../../shared/time';

export function QueueFailure({ known, onRetry }: { known: LastKnown | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section role="alert">
      <h2>{t('queue.errorTitle')}</h2>
      <p>{t('queue.errorBody')}</p>
      <button type="button" onClick={onRetry}>
        {t('queue.tryAgain')}
      </button>
      {known && <p className="help">{t('queue.lastKnown', { count: known.open, time: duration(t, known.at) })}</p>}
    </section>
  );
}
