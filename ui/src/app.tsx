import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppPage } from '../../domain/app-routes';
import { Sidebar } from './shell/sidebar';
import { SignIn } from './features/sign-in/sign-in';
import { createQueryClient } from './shared/query-client';
import { useSignedIn } from './shared/session';
import { TimeZoneProvider } from './shared/time-zone-provider';
import { matchRoute } from './routing/match-route';
import { PAGES } from './routing/page-registry';
import { useNavigations } from './routing/navigate';
import { useReach } from './features/notifications/use-reach';

export function App() {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Shell />
    </QueryClientProvider>
  );
}

function Shell() {
  // Who is signed in, so the queue can say "archived by you".
  const signedIn = useSignedIn();
  const navigations = useNavigations();
  if (signedIn.isPending) return null;
  if (!signedIn.data) return <SignIn />;
  return <SignedIn me={signedIn.data.memberId} navigations={navigations} />;
}

function SignedIn({ me, navigations }: { me: string; navigations: number }) {
  const { t } = useTranslation();
  // Only once signed in: the title's count, presence and the hidden tab's watch all read as this person.
  useReach();

  const { page, params } = matchRoute(location.pathname);
  // Focus moves to the page's heading; following the fragment would count as a navigation.
  const skip = (event: MouseEvent) => (event.preventDefault(), document.querySelector<HTMLElement>('#content h1')?.focus());
  return (
    // Every time on every page is in the member's own zone (issue 39 item 10).
    <TimeZoneProvider>
      <div className="shell">
        <a className="skip-link" href="#content" onClick={skip}>
          {t('nav.skip')}
        </a>
        <Sidebar page={page} navigations={navigations} />
        <div id="content" className="content">
          <Suspense fallback={null}>
            <Page key={navigations} page={page} id={params.id ?? ''} me={me} />
          </Suspense>
        </div>
      </div>
    </TimeZoneProvider>
  );
}

/** The page the route table names for this URL (routing/page-registry.ts); each mounts afresh on every navigation. */
function Page({ page, id, me }: { page: AppPage; id: string; me: string }) {
  const { Component } = PAGES[page];
  return <Component id={id} me={me} />;
}
