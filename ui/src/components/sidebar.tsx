/**
 * The sidebar on every signed-in page (§6.1, §6.16): Dashboard, then My Decisions with its open
 * count, then Inbox, the task board and Activity. The entry for the page on screen is marked
 * `aria-current="page"`.
 */
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshOpenCount, useOpenCount } from '../queue/open-count';
import { useVisibleRefresh } from '../queue/use-visible-refresh';
import { AppLink } from './app-link';

type Entry = { key: 'home' | 'decisions' | 'inbox' | 'tasks' | 'activity'; href: string; matches: (path: string) => boolean };

const ENTRIES: Entry[] = [
  { key: 'home', href: '/home', matches: (path) => path === '/home' },
  { key: 'decisions', href: '/decisions', matches: (path) => path === '/' || path === '/questions' || path.startsWith('/decisions') },
  { key: 'inbox', href: '/inbox', matches: (path) => path === '/inbox' },
  { key: 'tasks', href: '/tasks', matches: (path) => path === '/tasks' || path.startsWith('/tasks/') },
  { key: 'activity', href: '/activity', matches: (path) => path === '/activity' },
];

/** `navigations` changes on every in-app navigation: the current entry moves and the count is read again. */
export function Sidebar({ navigations }: { navigations: number }) {
  const { t } = useTranslation();
  const open = useOpenCount();
  const path = location.pathname;
  // The queue and Home publish the count they read themselves; every other page asks for it.
  const ownsCount = ENTRIES[1]!.matches(path) || path === '/home';
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
            <AppLink href={entry.href} aria-current={entry.matches(path) ? 'page' : undefined}>
              {t(`nav.${entry.key}`)}
              {entry.key === 'decisions' && open !== null && (
                <>
                  {/* Its name reads "My Decisions 3 open". */}
                  {' '}
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
