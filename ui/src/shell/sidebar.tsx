/**
 * The sidebar on every signed-in page (§6.1, §6.16): the entries of the page registry, in its
 * order (Dashboard, then My Decisions with its open count, then Inbox with the messages still
 * waiting for a reply, the task board, Agents, Analytics, Activity and Settings), each shown to a
 * person whose role may see it. The entry for the page on screen is marked `aria-current="page"`.
 */
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppPage } from '../../../domain/app-routes';
import { refreshOpenCount, useInboxCount, useOpenCount } from '../shared/open-count';
import { useVisibleRefresh } from '../shared/use-visible-refresh';
import { PAGES, SIDEBAR } from '../routing/page-registry';
import { AppLink } from '../shared/app-link';
import { useMay } from '../shared/session';

/** `page` is the one on screen; `navigations` changes on every in-app navigation: the current entry moves and the count is read again. */
export function Sidebar({ page, navigations }: { page: AppPage; navigations: number }) {
  const { t } = useTranslation();
  const open = useOpenCount();
  const inbox = useInboxCount();
  const section = PAGES[page].section;
  // The queue and Home publish the open count they read; the Inbox's is read here, on every
  // navigation, and again when the open count moves (an answer may have settled a message).
  const refresh = useCallback(() => void refreshOpenCount(), []);
  useEffect(refresh, [refresh, navigations]);
  // A count read for the first time (this read's own, or the queue's) is no move: a page's
  // first load reads the counts once, not twice.
  const known = useRef(open);
  useEffect(() => {
    const before = known.current;
    known.current = open;
    if (before !== null && open !== before) refresh();
  }, [refresh, open]);
  useVisibleRefresh(refresh);
  const counts: Partial<Record<AppPage, { count: number | null; suffix: string; testId: string }>> = {
    decisions: { count: open, suffix: 'nav.openSuffix', testId: 'open-count' },
    inbox: { count: inbox, suffix: 'nav.inboxSuffix', testId: 'inbox-count' },
  };

  return (
    <nav className="sidebar" aria-label={t('nav.label')}>
      <ul>
        {SIDEBAR.map((entry) => {
          const badge = counts[entry.page];
          return (
            <SidebarItem key={entry.page} entry={entry} current={entry.page === section}>
              {badge && badge.count !== null && (
                <>
                  {/* Its name reads "My Decisions 3 open", "Inbox 2 waiting". */}{' '}
                  <span className="count" data-testid={badge.testId}>
                    {badge.count}
                    <span className="visually-hidden">{t(badge.suffix)}</span>
                  </span>
                </>
              )}
              {/* Until its count is read, the badge keeps its place unseen: the bar on a phone wraps once, not as counts land. */}
              {badge && badge.count === null && (
                <>
                  {' '}
                  <span className="count pending" aria-hidden="true">
                    0
                  </span>
                </>
              )}
            </SidebarItem>
          );
        })}
      </ul>
    </nav>
  );
}

function SidebarItem({ entry, current, children }: { entry: (typeof SIDEBAR)[number]; current: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  if (!useMay(entry.may)) return null;
  return (
    <li>
      <AppLink href={entry.href} aria-current={current ? 'page' : undefined}>
        {t(entry.label)}
        {children}
      </AppLink>
    </li>
  );
}
