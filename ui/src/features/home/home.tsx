/**
 * `/home`: the dashboard. Its approval block lists the pending approvals, each answered here
 * through the approval's own endpoints — one resolution path, so the decision closes in My
 * Decisions too (E2) — and its footer links to the whole queue: "See all decisions ({count})".
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/app-link';
import { ApprovalRow } from './approval-row';
import { LiveRegion } from '../../shared/live-region';
import { useHome } from './home-queries';
import { pageStateOf } from '../../shared/page-state';
import { PageFrame } from '../../shared/page-frame';

export function HomePage() {
  const { t } = useTranslation();
  const read = useHome();
  const [message, setMessage] = useState<string | null>(null);
  const blockHeading = useRef<HTMLHeadingElement>(null);
  const loaded = read.data;

  /** Either way the row is gone or changed, and the block read again: keep focus in the block. */
  function settled(words: string) {
    setMessage(words);
    blockHeading.current?.focus();
  }

  return (
    <PageFrame title={t('home.title')} loaded={pageStateOf(read)} className="home">
      {loaded && (
        <>
          <p data-testid="home-counts">{t('queue.counts', loaded.home.counts)}</p>
          <section className="approval-block" aria-labelledby="home-approvals">
            <h2 id="home-approvals" ref={blockHeading} tabIndex={-1}>
              {t('home.approvals')}
            </h2>
            {loaded.home.approvals.length === 0 ? (
              <p>{t('home.approvalsNone')}</p>
            ) : (
              <ul className="approvals">
                {loaded.home.approvals.map((approval) => (
                  <ApprovalRow
                    key={approval.id}
                    approval={approval}
                    agent={approval.links.agentId ? (loaded.agents[approval.links.agentId] ?? null) : null}
                    onSettled={settled}
                    onRefused={settled}
                  />
                ))}
              </ul>
            )}
            <footer>
              <AppLink href="/decisions">{t('home.seeAll', { count: loaded.home.counts.open })}</AppLink>
            </footer>
          </section>
        </>
      )}
      <LiveRegion message={message} />
    </PageFrame>
  );
}
