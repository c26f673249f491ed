/**
 * The sidebar on every signed-in page (§6.1, §6.16): the entries of the page registry, in its
 * order (Dashboard, then My Decisions with its open count, then Inbox, the task board, Activity
 * and Settings), each shown to a person whose role may see it. The entry for the page on screen
 * is marked `aria-current="page"`.
 */
import { useCallback, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppPage } from '../../../domain/app-routes';
import { refreshOpenCount, useOpenCount } from '../shared/open-count';
import { useVisibleRefresh } from '../shared/use-visible-refresh';
import { PAGES, SIDEBAR } from '../routing/page-registry';
import { AppLink } from '../shared/app-link';
import { useMay } from '../shared/session';

/** `page` is the one on screen; `navigations` changes on every in-app navigation: the current entry moves and the count is read again. */
export function Sidebar({ page, navigations }: { page: AppPage; navigations: number }) {
  const { t } = useTranslation();
  const open = useOpenCount();
  const section = PAGES[page].section;
  // The queue and Home publish the count they read themselves; every other page asks for it.
  const ownsCount = page === 'decisions' || page === 'home';
  const refresh = useCallback(() => {
    if (!ownsCount) void refreshOpenCount();
  }, [ownsCount]);
  useEffect(refresh, [refresh, navigations]);
  useVisibleRefresh(refresh);

  return (
    <nav className="sidebar" aria-label={t('nav.label')}>
      <ul>
        {SIDEBAR.map((entry) => (
          <SidebarItem key={entry.page} entry={entry} current={entry.page === section}>
            {entry.page === 'decisions' && open !== null && (
              <>
                {/* Its name reads "My Decisions 3 open". */}{' '}
                <span className="count" data-testid="open-count">
                  {open}
                  <span className="visually-hidden">{t('nav.openSuffix')}</span>
                </span>
              </>
            )}
          </SidebarItem>
        ))}
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
