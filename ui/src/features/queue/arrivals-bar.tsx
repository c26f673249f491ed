/**
 * "3 new decisions — Show" above the list (issue 39 item 1): decisions filed while the person
 * works are counted here, in a polite live region so the count is heard as well as seen, and
 * join the list only when the person presses Show.
 */
import { useTranslation } from 'react-i18next';
import './queue-still.css';

export function ArrivalsBar({ count, onShow }: { count: number; onShow: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="arrivals" data-testid="arrivals">
      <p role="status" aria-live="polite">
        {count > 0 ? t('queue.arrivals', { count }) : ''}
      </p>
      {count > 0 && (
        <button type="button" className="button-link" onClick={onShow}>
          {t('queue.showArrivals')}
        </button>
      )}
    </div>
  );
}
