import { useTranslation } from 'react-i18next';

/**
 * §6.6: three skeleton cards and a skeleton detail, no counts, no controls, until the read
 * lands. The bars are decoration; a screen reader hears the one status line instead.
 */
export function QueueSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="panes skeleton" aria-busy="true" data-testid="skeleton">
      <p className="visually-hidden" role="status">
        {t('queue.loading')}
      </p>
      <ol className="cards" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <li key={index}>
            <span className="bar wide" />
            <span className="bar" />
          </li>
        ))}
      </ol>
      <div className="detail" aria-hidden="true">
        <span className="bar wide" />
        <span className="bar" />
        <span className="bar wide" />
      </div>
    </div>
  );
}
