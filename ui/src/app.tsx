import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppPage } from '../../domain/app-routes';
import { Sidebar } from './components/sidebar';
import { ActivityPage } from './pages/activity';
import { AgentInstructionsPage } from './pages/agent-instructions';
import { AgentsPage } from './pages/agents';
import { AnalyticsPage } from './pages/analytics';
import { DecisionDocument } from './pages/decision-document';
import { Decisions } from './pages/decisions';
import { HomePage } from './pages/home';
import { InboxPage } from './pages/inbox';
import { RunPage } from './pages/run';
import { SettingsPage } from './pages/settings';
import { SignIn } from './pages/sign-in';
import { StackPage } from './pages/stack';
import { TaskBoard } from './pages/task-board';
import { TaskPage } from './pages/task';
import { createQueryClient } from './queries/query-client';
import { useSignedIn } from './queries/session';
import { matchRoute } from './routing/match-route';
import { useNavigations } from './routing/navigate';

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
        <Page key={navigations} page={page} id={params.id ?? ''} me={signedIn.data} />
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
