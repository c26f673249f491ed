/**
 * `/activity`: the workspace's history, newest first (`GET /api/v1/activity`), fifty at a
 * time with Load older; each subject links to its page where it has one.
 */
import { useTranslation } from 'react-i18next';
import { ActivityEntry } from './activity-entry';
import { useActivity } from './activity-queries';
import { pageStateOf } from '../../shared/page-state';
import { PageFrame } from '../../shared/page-frame';

export function ActivityPage({ me }: { me: string | null }) {
  const { t } = useTranslation();
  const { entries, names } = useActivity();
  // The page is drawn once its names are in (or could not be read), as the entries are.
  const state = names.isPending ? 'loading' : pageStateOf(entries);
  const history = entries.data?.pages.flat();

  return (
    <PageFrame title={t('activity.title')} loaded={state} className="activity">
      {history && names.data && (
        <>
          <p className="subtitle">{t('activity.subtitle')}</p>
          {history.length === 0 ? (
            <p>{t('activity.none')}</p>
          ) : (
            <ol className="activity-list">
              {history.map((entry) => (
                <ActivityEntry key={entry.seq} entry={entry} names={{ me, ...names.data }} />
              ))}
            </ol>
          )}
          {entries.isFetchNextPageError && <p role="alert">{t('activity.failed')}</p>}
          {entries.hasNextPage && (
            <button type="button" className="load-more" onClick={() => void entries.fetchNextPage()}>
              {t('activity.loadOlder')}
            </button>
          )}
        </>
      )}
    </PageFrame>
  );
}
