/**
 * While the queue's tab is hidden (issue 40 item 2) and its person allowed notifications, it
 * keeps an eye on the queue (without that permission a hidden tab reads nothing, FR-7): every
 * HIDDEN_READ_MS it reads the open queue's first page, publishes the blocking count (the tab's
 * title follows it), and raises a system notification for each blocking decision it had not
 * seen — through the service worker when one is registered, so a click on it is handled where a
 * push's is (ui/public/sw.js). Visible, the tab reads nothing extra: the queue and the sidebar
 * already refresh the counts (FR-7). Plain DOM, no React: app.tsx starts it once signed in.
 */
import { QUEUE_PAGE_MAX } from '../../../../domain/queue';
import { API_PREFIX } from '../../../../client/request';
import { readQueuePage } from '../../http/decisions';
import { navigate } from '../../routing/navigate';
import { publishBlockingCount, publishOpenCount } from '../../shared/open-count';
import { arrivalNotice, newBlocking, type Arrival } from './attention';

/** Often enough that a person who switched tabs hears within seconds; a hidden tab's timers are throttled anyway. */
export const HIDDEN_READ_MS = 10_000;

export type NoticeWords = { title: string; body: string };

/** Whether the member opted into titles (issue 40 item 10's `GET /me/notifications`); no answer, no titles. */
async function showTitles(): Promise<boolean> {
  try {
    const response = await fetch(`${API_PREFIX}/me/notifications`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!response.ok) return false;
    const body = (await response.json()) as { settings?: { push?: { showTitles?: unknown } } };
    return body.settings?.push?.showTitles === true;
  } catch {
    return false;
  }
}

const allowed = () => typeof Notification !== 'undefined' && Notification.permission === 'granted';

async function announce(arrivals: Arrival[], words: NoticeWords): Promise<void> {
  if (!allowed() || arrivals.length === 0) return;
  const titles = await showTitles();
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  for (const arrival of arrivals) {
    const notice = arrivalNotice(arrival, titles, words);
    const options = { body: notice.body, tag: notice.tag, icon: '/icon-192.png', data: { url: notice.url } };
    if (registration) {
      await registration.showNotification(notice.title, options);
      continue;
    }
    const shown = new Notification(notice.title, options);
    shown.onclick = () => {
      window.focus();
      navigate(notice.url);
      shown.close();
    };
  }
}

export function startQueueWatch(words: () => NoticeWords): () => void {
  let seen: Set<string> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const read = async () => {
    timer = null;
    // FR-7 keeps a hidden tab from reading; a person who turned notifications on asked for this one.
    if (stopped || document.visibilityState !== 'hidden' || !allowed()) return;
    try {
      const page = await readQueuePage('open', {}, 0, QUEUE_PAGE_MAX);
      publishOpenCount(page.counts.open);
      publishBlockingCount(page.counts.blocking);
      const found = newBlocking(seen, page.decisions);
      seen = found.seen;
      if (document.visibilityState === 'hidden') await announce(found.arrivals, words());
    } catch {
      // The next read tries again; the queue says when it cannot load once it is looked at.
    }
    if (!stopped && document.visibilityState === 'hidden') timer = setTimeout(() => void read(), HIDDEN_READ_MS);
  };

  const changed = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    // Hidden: what is there now was seen; only what comes after is news. Visible: start afresh next time.
    if (document.visibilityState === 'hidden') void read();
    else seen = null;
  };
  document.addEventListener('visibilitychange', changed);
  changed();
  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', changed);
    if (timer) clearTimeout(timer);
  };
}
