/**
 * The sidebar on every signed-in page (§6.1, §6.16): Dashboard, then My Decisions with its open
 * count, then Inbox with the messages still waiting for a reply, the task board, Agents,
 * Analytics, Activity and Settings. The entry for the page on screen is marked `aria-current="page"`.
 */
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppPage } from '../../../domain/app-routes';
import { refreshOpenCount, useInboxCount, useOpenCount } from '../shared/open-count';
import { useVisibleRefresh } from '../shared/use-visible-refresh';
import { sectionOf } from '../routing/match-route';
import { AppLink } from '../shared/app-link';

const ENTRIES = [
  { key: 'home', href: '/home' },
  { key: 'decisions', href: '/decisions' },
  { key: 'inbox', href: '/inbox' },
  { key: 'tasks', href: '/tasks' },
  { key: 'agents', href: '/agents' },
  { key: 'analytics', href: '/analytics' },
  { key: 'activity', href: '/activity' },
  // Its words live with the page's own (`settings.nav`).
  { key: 'settings', href: '/settings', label: 'settings.nav' },
] as const satisfies ReadonlyArray<{ key: AppPage; href: string; label?: string }>;

/** `page` is the one on screen; `navigations` changes on every in-app navigation: the current entry moves and the count is read again. */
export function Sidebar({ page, navigations }: { page: AppPage; navigations: number }) {
  const { t } = useTranslation();
  const open = useOpenCount();
  const inbox = useInboxCount();
  const section = sectionOf(page);
  // The queue and Home publish the open count they read; the Inbox's is read here, on every
  // navigation, and again when the open count moves (an answer may have settled a message).
  const refresh = useCallback(() => void refreshOpenCount(), []);
  useEffect(refresh, [refresh, navigations, open]);
  useVisibleRefresh(refresh);
  const counts: Partial<Record<AppPage, { count: number | null; suffix: string; testId: string }>> = {
    decisions: { count: open, suffix: 'nav.openSuffix', testId: 'open-count' },
    inbox: { count: inbox, suffix: 'nav.inboxSuffix', testId: 'inbox-count' },
  };

  return (
    <nav className="sidebar" aria-label={t('nav.label')}>
      <ul>
        {ENTRIES.map((entry) => {
          const badge = counts[entry.key];
          return (
            <li key={entry.key}>
              <AppLink href={entry.href} aria-current={entry.key === section ? 'page' : undefined}>
                {t('label' in entry ? entry.label : `nav.${entry.key}`)}
                {badge && badge.count !== null && (
                  <>
                    {/* Its name reads "My Decisions 3 open", "Inbox 2 waiting". */}{' '}
                    <span className="count" data-testid={badge.testId}>
                      {badge.count}
                      <span className="visually-hidden">{t(badge.suffix)}</span>
                    </span>
                  </>
                )}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
