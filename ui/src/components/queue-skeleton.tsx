import { useTranslation } from 'react-i18next';

/** §6.6: three skeleton cards and a skeleton detail, no counts, no controls, until the read lands. */
export function QueueSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="panes skeleton" aria-busy="true" aria-label={t('queue.loading')} data-testid="skeleton">
      <ol className="cards">
        {[0, 1, 2].map((index) => (
          <li key={index}>
            <span className="bar wide" />
            <span className="bar" />
          </li>
        ))}
      </ol>
      <section className="detail">
        <span className="bar wide" />
        <span className="bar" />
        <span className="bar wide" />
      </section>
    </div>
  );
}
