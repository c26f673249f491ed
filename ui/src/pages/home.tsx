/**
 * `/home`: the dashboard. Its approval block lists the pending approvals, each answered here
 * through the approval's own endpoints — one resolution path, so the decision closes in My
 * Decisions too (E2) — and its footer links to the whole queue: "See all decisions ({count})".
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../components/app-link';
import { ApprovalRow } from '../components/approval-row';
import { LiveRegion } from '../components/live-region';
import { api } from '../http-client';
import { publishOpenCount } from '../queue/open-count';
import type { Agent, HomeRead } from '../types';
import { PageFrame, type Loaded } from './page-frame';

type HomeData = { home: HomeRead; agents: Record<string, string> };

async function readHome(): Promise<HomeData> {
  const [home, agents] = await Promise.all([
    api<HomeRead>('/api/v1/home'),
    // Names only: without them a row says "No agent named" rather than failing.
    api<{ agents: Agent[] }>('/api/v1/agents?limit=500').then((body) => body.agents, () => []),
  ]);
  publishOpenCount(home.counts.open);
  return { home, agents: Object.fromEntries(agents.map((agent) => [agent.id, agent.name])) };
}

export function HomePage() {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded<HomeData>>({ state: 'loading' });
  const [message, setMessage] = useState<string | null>(null);
  const blockHeading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(
    () => readHome().then((value) => setLoaded({ state: 'ready', value }), () => setLoaded({ state: 'failed' })),
    [],
  );
  useEffect(() => void load(), [load]);

  /** Either way the row is gone or changed: read again, and keep focus in the block. */
  async function settled(words: string) {
    setMessage(words);
    await load();
    blockHeading.current?.focus();
  }

  return (
    <PageFrame title={t('home.title')} loaded={loaded.state} className="home">
      {loaded.state === 'ready' && (
        <>
          <p data-testid="home-counts">{t('queue.counts', loaded.value.home.counts)}</p>
          <section className="approval-block" aria-labelledby="home-approvals">
            <h2 id="home-approvals" ref={blockHeading} tabIndex={-1}>{t('home.approvals')}</h2>
            {loaded.value.home.approvals.length === 0 ? (
              <p>{t('home.approvalsNone')}</p>
            ) : (
              <ul className="approvals">
                {loaded.value.home.approvals.map((approval) => (
                  <ApprovalRow
                    key={approval.id}
                    approval={approval}
                    agent={approval.links.agentId ? loaded.value.agents[approval.links.agentId] ?? null : null}
                    onSettled={(words) => void settled(words)}
                    onRefused={(words) => void settled(words)}
                  />
                ))}
              </ul>
            )}
            <footer>
              <AppLink href="/decisions">{t('home.seeAll', { count: loaded.value.home.counts.open })}</AppLink>
            </footer>
          </section>
        </>
      )}
      <LiveRegion message={message} />
    </PageFrame>
  );
}
