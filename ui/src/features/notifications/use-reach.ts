/**
 * Everything a signed-in tab does to reach its person (issue 40 items 2 and 9): the tab's title
 * carries the count of what blocks, the service worker is registered (a push's tap finds the
 * app), presence is kept while the tab is looked at, and a hidden tab watches for new blocking
 * decisions. Started once by the shell.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../routing/navigate';
import { useBlockingCount } from '../../shared/open-count';
import { tabTitle } from './attention';
import { startPresence } from './presence';
import { registerServiceWorker } from './push-client';
import { startQueueWatch } from './queue-watch';

export function useReach(): void {
  const { t } = useTranslation();
  const blocking = useBlockingCount();
  useEffect(() => {
    document.title = tabTitle(blocking);
  }, [blocking]);

  useEffect(() => {
    void registerServiceWorker();
    const stopPresence = startPresence();
    const stopWatch = startQueueWatch(() => ({ title: t('notifications.notice.title'), body: t('notifications.notice.body') }));
    // The service worker asks an open tab it could not navigate to open the decision itself.
    const opened = (event: MessageEvent) => {
      const data = event.data as { kind?: unknown; url?: unknown } | null;
      if (data?.kind === 'cast.open' && typeof data.url === 'string' && data.url.startsWith('/')) navigate(data.url);
    };
    navigator.serviceWorker?.addEventListener('message', opened);
    // Messages wait in a queue until this says the page listens (addEventListener alone does not).
    navigator.serviceWorker?.startMessages();
    return () => {
      stopPresence();
      stopWatch();
      navigator.serviceWorker?.removeEventListener('message', opened);
    };
  }, [t]);
}
