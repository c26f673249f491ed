import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppPage } from '../../domain/app-routes';
import { Sidebar } from './shell/sidebar';
import { Decisions } from './features/queue/decisions';
import { SignIn } from './features/sign-in/sign-in';
import { createQueryClient } from './shared/query-client';
import { useSignedIn } from './shared/session';
import { matchRoute } from './routing/match-route';
import { useNavigations } from './routing/navigate';

// The queue, where a person spends the day, is in the first bundle; every other page is a chunk
// of its own, fetched when it is first opened, so /decisions downloads only what it draws.
const ActivityPage = lazy(() => import('./features/activity/activity').then((page) => ({ default: page.ActivityPage })));
const AgentInstructionsPage = lazy(() =>
  import('./features/agents/agent-instructions').then((page) => ({ default: page.AgentInstructionsPage })),
);
const AgentsPage = lazy(() => import('./features/agents/agents').then((page) => ({ default: page.AgentsPage })));
const AnalyticsPage = lazy(() => import('./features/analytics/analytics').then((page) => ({ default: page.AnalyticsPage })));
const DecisionDocument = lazy(() => import('./features/decision/decision-document').then((page) => ({ default: page.DecisionDocument })));
const HomePage = lazy(() => import('./features/home/home').then((page) => ({ default: page.HomePage })));
const InboxPage = lazy(() => import('./features/inbox/inbox').then((page) => ({ default: page.InboxPage })));
const RunPage = lazy(() => import('./features/tasks/run').then((page) => ({ default: page.RunPage })));
const SettingsPage = lazy(() => import('./features/settings/settings').then((page) => ({ default: page.SettingsPage })));
const StackPage = lazy(() => import('./features/stacks/stack').then((page) => ({ default: page.StackPage })));
const TaskBoard = lazy(() => import('./features/tasks/task-board').then((page) => ({ default: page.TaskBoard })));
const TaskPage = lazy(() => import('./features/tasks/task').then((page) => ({ default: page.TaskPage })));

export function App() {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Shell />
    </QueryClientProvider>
  );
}

function Shell() {
  const { t } = useTranslation();
  // Who is signed in, so the queue can say "archived by you".
  const signedIn = useSignedIn();
  const navigations = useNavigations();
  if (signedIn.isPending) return null;
  if (!signedIn.data) return <SignIn />;

  const { page, params } = matchRoute(location.pathname);
  // Focus moves to the page's heading; following the fragment would count as a navigation.
  const skip = (event: MouseEvent) => (event.preventDefault(), document.querySelector<HTMLElement>('#content h1')?.focus());
  return (
    <div className="shell">
      <a className="skip-link" href="#content" onClick={skip}>
        {t('nav.skip')}
      </a>
      <Sidebar page={page} navigations={navigations} />
      <div id="content" className="content">
        <Suspense fallback={null}>
          <Page key={navigations} page={page} id={params.id ?? ''} me={signedIn.data.memberId} />
        </Suspense>
      </div>
    </div>
  );
}

/** The page the route table names for this URL; each mounts afresh on every navigation. */
function Page({ page, id, me }: { page: AppPage; id: string; me: string }) {
  switch (page) {
    case 'document':
      return <DecisionDocument id={id} />;
    case 'stack':
      return <StackPage id={id} />;
    case 'run':
      return <RunPage id={id} />;
    case 'task':
      return <TaskPage id={id} />;
    case 'agents':
      return <AgentsPage />;
    case 'instructions':
      return <AgentInstructionsPage id={id} />;
    case 'analytics':
      return <AnalyticsPage />;
    case 'home':
      return <HomePage />;
    case 'inbox':
      return <InboxPage me={me} />;
    case 'tasks':
      return <TaskBoard />;
    case 'activity':
      return <ActivityPage me={me} />;
    case 'settings':
      return <SettingsPage me={me} />;
    case 'decisions':
      return <Decisions me={me} />;
  }
}
