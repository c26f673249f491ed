/** `/decisions`: the queue's first slice — title, counts, tabs and the ranked list. */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../http-client';

type Card = {
  id: string;
  question: string;
  blocking: boolean;
  confidence: number | null;
  progress: { answered: number; required: number };
};
type Page = { decisions: Card[]; counts: { open: number; blocking: number; total: number } };
type Tab = 'open' | 'answered' | 'archived';

export function Decisions({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>(() => (new URLSearchParams(location.search).get('tab') as Tab) || 'open');
  const [page, setPage] = useState<Page | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setPage(await api<Page>(`/api/v1/decisions?tab=${tab}`));
    } catch {
      // E13: a failed read is an error state, never an empty queue.
      setFailed(true);
    }
  }, [tab]);

  useEffect(() => {
    void load();
    history.replaceState(null, '', tab === 'open' ? location.pathname : `${location.pathname}?tab=${tab}`);
  }, [load, tab]);

  async function signOut() {
    await api('/auth/session', { method: 'DELETE' });
    onSignOut();
  }

  return (
    <main className="queue">
      <header>
        <h1>{t('queue.title')}</h1>
        <p>{t('queue.subtitle')}</p>
        {page && <p aria-live="polite" data-testid="counts">{t('queue.counts', { open: page.counts.open, blocking: page.counts.blocking })}</p>}
        <button type="button" onClick={signOut}>{t('signIn.signOut')}</button>
      </header>
      <nav role="tablist">
        {(['open', 'answered', 'archived'] as const).map((name) => (
          <button key={name} role="tab" aria-selected={tab === name} type="button" onClick={() => setTab(name)}>
            {t(`queue.tabs.${name}`)}
          </button>
        ))}
      </nav>
      {failed && (
        <section role="alert">
          <h2>{t('queue.errorTitle')}</h2>
          <p>{t('queue.errorBody')}</p>
          <button type="button" onClick={() => void load()}>{t('queue.tryAgain')}</button>
        </section>
      )}
      {!failed && !page && <p>{t('queue.loading')}</p>}
      {page && page.decisions.length === 0 && (
        <section>
          <h2>{t('queue.emptyFirstRunTitle')}</h2>
          <p>{t('queue.emptyFirstRunBody')}</p>
        </section>
      )}
      {page && page.decisions.length > 0 && (
        <ol className="cards">
          {page.decisions.map((card) => (
            <li key={card.id} data-testid="card">
              {/* Prompts are agent-written text: rendered as text, never markup. */}
              <span className="question">{card.question}</span>
              {card.blocking && <span className="chip">{t('queue.blocking')}</span>}
              <span>{card.confidence === null ? t('queue.notScored') : t('queue.sure', { percent: Math.round(card.confidence * 100) })}</span>
              <span>{t('queue.progress', card.progress)}</span>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
