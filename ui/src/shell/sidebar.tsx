/**
 * The sidebar on every signed-in page (§6.1, §6.16): Dashboard, then My Decisions with its open
 * count, then Inbox, the task board, Activity and Settings. The entry for the page on screen is marked
 * `aria-current="page"`.
 */
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppPage } from '../../../domain/app-routes';
import { refreshOpenCount, useOpenCount } from '../shared/open-count';
import { useVisibleRefresh } from '../shared/use-visible-refresh';
import { sectionOf } from '../routing/match-route';
import { AppLink } from '../shared/app-link';

const ENTRIES = [
  { key: 'home', href: '/home' },
  { key: 'decisions', href: '/decisions' },
  { key: 'inbox', href: '/inbox' },
  { key: 'tasks', href: '/tasks' },
  { key: 'activity', href: '/activity' },
  // Its words live with the page's own (`settings.nav`).
  { key: 'settings', href: '/settings', label: 'settings.nav' },
] as const satisfies ReadonlyArray<{ key: AppPage; href: string; label?: string }>;

/** `page` is the one on screen; `navigations` changes on every in-app navigation: the current entry moves and the count is read again. */
export function Sidebar({ page, navigations }: { page: AppPage; navigations: number }) {
  const { t } = useTranslation();
  const open = useOpenCount();
  const section = sectionOf(page);
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
        {ENTRIES.map((entry) => (
          <li key={entry.key}>
            <AppLink href={entry.href} aria-current={entry.key === section ? 'page' : undefined}>
              {t('label' in entry ? entry.label : `nav.${entry.key}`)}
              {entry.key === 'decisions' && open !== null && (
                <>
                  {/* Its name reads "My Decisions 3 open". */}{' '}
                  <span className="count" data-testid="open-count">
                    {open}
                    <span className="visually-hidden">{t('nav.openSuffix')}</span>
                  </span>
                </>
              )}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
