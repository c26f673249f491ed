import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Sidebar } from './components/sidebar';
import { api } from './http-client';
import { ActivityPage } from './pages/activity';
import { AgentInstructionsPage } from './pages/agent-instructions';
import { AnalyticsPage } from './pages/analytics';
import { DecisionDocument } from './pages/decision-document';
import { Decisions } from './pages/decisions';
import { HomePage } from './pages/home';
import { InboxPage } from './pages/inbox';
import { RunPage } from './pages/run';
import { SignIn } from './pages/sign-in';
import { StackPage } from './pages/stack';
import { TaskBoard } from './pages/task-board';
import { TaskPage } from './pages/task';
import { useNavigations } from './routing/navigate';

type Auth = 'checking' | 'signed-in' | 'signed-out';

export function App() {
  const { t } = useTranslation();
  const [auth, setAuth] = useState<Auth>('checking');
  // Who is signed in, so the queue can say "archived by you".
  const [me, setMe] = useState<string | null>(null);
  const navigations = useNavigations();
  const check = () =>
    api<{ principal: { memberId: string } }>('/auth/session').then(
      (body) => (setMe(body.principal.memberId), setAuth('signed-in')),
      () => setAuth('signed-out'),
    );
  useEffect(() => void check(), []);
  if (auth === 'checking') return null;
  if (auth === 'signed-out') return <SignIn onSignedIn={() => void check()} />;

  // Focus moves to the page's heading; following the fragment would count as a navigation.
  const skip = (event: MouseEvent) => (event.preventDefault(), document.querySelector<HTMLElement>('#content h1')?.focus());
  return (
    <div className="shell">
      <a className="skip-link" href="#content" onClick={skip}>{t('nav.skip')}</a>
      <Sidebar navigations={navigations} />
      <div id="content" className="content">
        <Page key={navigations} me={me} onSignOut={() => setAuth('signed-out')} />
      </div>
    </div>
  );
}

function Page({ me, onSignOut }: { me: string | null; onSignOut: () => void }) {
  const path = location.pathname;
  const document = /^\/decisions\/(sd-\d+)$/.exec(path);
  if (document) return <DecisionDocument id={document[1]!} />;
  const stack = /^\/decisions\/stacks\/([^/]+)$/.exec(path);
  if (stack) return <StackPage id={decodeURIComponent(stack[1]!)} />;
  const run = /^\/runs\/([^/]+)$/.exec(path);
  if (run) return <RunPage id={decodeURIComponent(run[1]!)} />;
  const task = /^\/tasks\/([^/]+)$/.exec(path);
  if (task) return <TaskPage id={decodeURIComponent(task[1]!)} />;
  const instructions = /^\/agents\/([^/]+)\/instructions$/.exec(path);
  if (instructions) return <AgentInstructionsPage id={decodeURIComponent(instructions[1]!)} />;
  if (path === '/analytics') return <AnalyticsPage />;
  if (path === '/home') return <HomePage />;
  if (path === '/inbox') return <InboxPage />;
  if (path === '/tasks') return <TaskBoard />;
  if (path === '/activity') return <ActivityPage me={me} />;
  return <Decisions me={me} onSignOut={onSignOut} />;
}
