/** E15: another workspace's decision and a missing one both read "not found"; any other failure offers Try again. */
import { useTranslation } from 'react-i18next';

export function DetailUnreadable({ missing, titleAs, onRetry }: { missing: boolean; titleAs: 'h1' | 'h2'; onRetry: () => void }) {
  const { t } = useTranslation();
  const Title = titleAs;
  return (
    <section className="detail" aria-labelledby="detail-title">
      <Title id="detail-title">{t(missing ? 'detail.notFound' : 'detail.failed')}</Title>
      {missing ? (
        <p>{t('detail.notFoundBody')}</p>
      ) : (
        <button type="button" onClick={onRetry}>
          {t('queue.tryAgain')}
        </button>
      )}
    </section>
  );
}
