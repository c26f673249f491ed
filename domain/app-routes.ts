/**
 * The web app's own pages, declared once: the API answers each path with the app's
 * index.html (api/app.ts), and the UI's router shows the first page whose path matches
 * (ui/src/routing/match-route.ts). Paths are Express's: `:name` is one segment, `*name` the
 * rest. Plain data, no zod, so the browser bundle and the server read the same table.
 */
export type AppPage =
  | 'decisions'
  | 'document'
  | 'stack'
  | 'run'
  | 'task'
  | 'tasks'
  | 'agents'
  | 'instructions'
  | 'analytics'
  | 'home'
  | 'inbox'
  | 'activity'
  | 'settings'
  | 'webhooks'
  | 'notifications'
  | 'rules';

export type AppRoute = {
  path: string;
  page: AppPage;
  /** What a parameter must look like for this route to match in the UI; otherwise the next one is tried. */
  params?: Readonly<Record<string, RegExp>>;
};

/** In the UI's order of preference: a stack before a document before the rest of `/decisions/…`. */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', page: 'decisions' },
  { path: '/sign-in', page: 'decisions' },
  { path: '/decisions', page: 'decisions' },
  { path: '/questions', page: 'decisions' },
  { path: '/decisions/stacks/:id', page: 'stack' },
  { path: '/decisions/:id', page: 'document', params: { id: /^sd-\d+$/ } },
  // Anything else under /decisions/ is the queue.
  { path: '/decisions/*rest', page: 'decisions' },
  { path: '/runs/:id', page: 'run' },
  { path: '/tasks', page: 'tasks' },
  { path: '/tasks/:id', page: 'task' },
  { path: '/agents', page: 'agents' },
  { path: '/agents/:id/instructions', page: 'instructions' },
  { path: '/analytics', page: 'analytics' },
  { path: '/home', page: 'home' },
  { path: '/inbox', page: 'inbox' },
  { path: '/activity', page: 'activity' },
  { path: '/rules', page: 'rules' },
  { path: '/settings', page: 'settings' },
  { path: '/settings/webhooks', page: 'webhooks' },
  { path: '/settings/notifications', page: 'notifications' },
];

/** What the server serves the app at. */
export const APP_PATHS: string[] = [...new Set(APP_ROUTES.map((route) => route.path))];
