/**
 * Every page of the web app, once: what it draws, the sidebar entry it belongs to and, when it
 * has one, its own sidebar entry (its words and the permission a person needs to see it). The
 * router (app.tsx) and the sidebar both read this table; a new screen is a feature folder and one
 * entry here. Which paths show a page is domain/app-routes.ts, which the server serves too.
 */
import type { ComponentType } from 'react';
import type { AppPage } from '../../../domain/app-routes';
import type { Permission } from '../../../domain/permissions';
import { Decisions } from '../features/queue/decisions';
import { chunk as lazyChunk } from '../shared/lazy-chunk';

/** What the router hands every page: the route's `:id` ('' when it has none) and who is signed in. */
export type PageProps = { id: string; me: string };

export type SidebarEntry = {
  /** Where the entry goes: the page's own path in domain/app-routes.ts. */
  href: string;
  /** Its words, a key of the catalogue (ui/src/i18n/en.ts). */
  label: string;
  /** Shown only to a person whose role holds this (`useMay`). */
  may: Permission;
};

export type PageEntry = {
  Component: ComponentType<PageProps>;
  /** The sidebar entry marked as current while this page is on screen. */
  section: AppPage;
  /** The page's own entry in the sidebar, if it has one. */
  sidebar?: SidebarEntry;
};

// The queue, where a person spends the day, is in the first bundle; every other page is a chunk
// of its own, fetched when it is first opened, so /decisions downloads only what it draws. Typed
// as a page here: a page may take fewer props than PageProps, and `lazyChunk` would infer those.
function chunk<M>(load: () => Promise<M>, pick: (module: M) => ComponentType<PageProps>): ComponentType<PageProps> {
  return lazyChunk(load, pick);
}

export const PAGES: Record<AppPage, PageEntry> = {
  home: {
    Component: chunk(
      () => import('../features/home/home'),
      (page) => page.HomePage,
    ),
    section: 'home',
    sidebar: { href: '/home', label: 'nav.home', may: 'workspace.read' },
  },
  decisions: {
    Component: Decisions,
    section: 'decisions',
    sidebar: { href: '/decisions', label: 'nav.decisions', may: 'decision.read' },
  },
  // A decision's own page and a stack's are part of My Decisions.
  document: {
    Component: chunk(
      () => import('../features/decision/decision-document'),
      (page) => page.DecisionDocument,
    ),
    section: 'decisions',
  },
  stack: {
    Component: chunk(
      () => import('../features/stacks/stack'),
      (page) => page.StackPage,
    ),
    section: 'decisions',
  },
  inbox: {
    Component: chunk(
      () => import('../features/inbox/inbox'),
      (page) => page.InboxPage,
    ),
    section: 'inbox',
    sidebar: { href: '/inbox', label: 'nav.inbox', may: 'workspace.read' },
  },
  tasks: {
    Component: chunk(
      () => import('../features/tasks/task-board'),
      (page) => page.TaskBoard,
    ),
    section: 'tasks',
    sidebar: { href: '/tasks', label: 'nav.tasks', may: 'workspace.read' },
  },
  task: {
    Component: chunk(
      () => import('../features/tasks/task'),
      (page) => page.TaskPage,
    ),
    section: 'tasks',
  },
  run: {
    Component: chunk(
      () => import('../features/tasks/run'),
      (page) => page.RunPage,
    ),
    section: 'run',
  },
  agents: {
    Component: chunk(
      () => import('../features/agents/agents'),
      (page) => page.AgentsPage,
    ),
    section: 'agents',
    sidebar: { href: '/agents', label: 'nav.agents', may: 'workspace.read' },
  },
  instructions: {
    Component: chunk(
      () => import('../features/agents/agent-instructions'),
      (page) => page.AgentInstructionsPage,
    ),
    // An agent's instructions are part of Agents.
    section: 'agents',
  },
  analytics: {
    Component: chunk(
      () => import('../features/analytics/analytics'),
      (page) => page.AnalyticsPage,
    ),
    section: 'analytics',
    sidebar: { href: '/analytics', label: 'nav.analytics', may: 'workspace.read' },
  },
  activity: {
    Component: chunk(
      () => import('../features/activity/activity'),
      (page) => page.ActivityPage,
    ),
    section: 'activity',
    sidebar: { href: '/activity', label: 'nav.activity', may: 'workspace.read' },
  },
  // Issue 42: the workspace's rules, their records, and making one.
  rules: {
    Component: chunk(
      () => import('../features/rules/rules-page'),
      (page) => page.RulesPage,
    ),
    section: 'rules',
    sidebar: { href: '/rules', label: 'nav.rules', may: 'workspace.read' },
  },
  // Its words live with the page's own (`settings.nav`); a viewer sees it for their own tokens.
  settings: {
    Component: chunk(
      () => import('../features/settings/settings'),
      (page) => page.SettingsPage,
    ),
    section: 'settings',
    sidebar: { href: '/settings', label: 'settings.nav', may: 'token.own' },
  },
  // The webhooks page is part of Settings (issue 39 item 10).
  webhooks: {
    Component: chunk(
      () => import('../features/settings/webhooks'),
      (page) => page.WebhooksPage,
    ),
    section: 'settings',
  },
  // Each person's notifications (issue 40): part of Settings.
  notifications: {
    Component: chunk(
      () => import('../features/notifications/notifications-page'),
      (page) => page.NotificationsPage,
    ),
    section: 'settings',
  },
};

/** The sidebar's entries, in its order (the table's): each with the page it opens. */
export const SIDEBAR = (Object.entries(PAGES) as [AppPage, PageEntry][]).flatMap(([page, entry]) =>
  entry.sidebar ? [{ page, ...entry.sidebar }] : [],
);
