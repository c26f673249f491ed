/** `/decisions`: the queue — counts, tabs, the ranked list, and the selected decision's detail. */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionDetail } from '../components/decision-detail';
import { KeyHelp } from '../components/key-help';
import { LiveRegion } from '../components/live-region';
import { useQueueKeys } from '../keyboard/use-queue-keys';
import { api } from '../http-client';
import type { QueuePage } from '../types';

type Tab = 'open' | 'answered' | 'archived';

function readUrl(): { tab: Tab; id: string | null } {
  const params = new URLSearchParams(location.search);
  return { tab: (params.get('tab') as Tab) || 'open', id: params.get('id') };
}

export function Decisions({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>(() => readUrl().tab);
  const [selected, setSelected] = useState<string | null>(() => readUrl().id);
  const [page, setPage] = useState<QueuePage | null>(null);
  const [failed, setFailed] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setPage(await api<QueuePage>(`/api/v1/decisions?tab=${tab}`));
    } catch {
      // E13: a failed read is an error state, never an empty queue.
      setFailed(true);
    }
  }, [tab]);

  useEffect(() => {
    void load();
  }, [load]);

  // S1: the first decision is selected, so it can be answered without a second click.
  const current = selected ?? page?.decisions[0]?.id ?? null;
  const index = page && current ? page.decisions.findIndex((card) => card.id === current) : -1;

  useEffect(() => {
    const params = new URLSearchParams();
    if (tab !== 'open') params.set('tab', tab);
    if (selected) params.set('id', selected);
    const query = params.toString();
    history.replaceState(null, '', query ? `${location.pathname}?${query}` : location.pathname);
  }, [tab, selected]);

  function next() {
    const cards = page?.decisions ?? [];
    const after = cards[index + 1] ?? cards.find((card) => card.id !== current);
    setSelected(after?.id ?? null);
  }

  function move(step: 1 | -1) {
    const cards = page?.decisions ?? [];
    const target = cards[Math.min(Math.max(index + step, 0), cards.length - 1)];
    if (!target) return;
    setSelected(target.id);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-card="${target.id}"]`)?.focus());
  }

  const [helpOpen, setHelpOpen] = useState(false);
  const detail = () => document.querySelector<HTMLElement>('.detail');
  const focusIn = (element: Element | null | undefined) =>
    element?.querySelector<HTMLElement>('input, textarea, button, a[href]')?.focus();
  /** The approval ask the keys act on: the focused one, else the first open one. */
  const approvalAsk = () =>
    (document.activeElement?.closest('[data-kind="approval"]') as HTMLElement | null) ??
    detail()?.querySelector<HTMLElement>('[data-open][data-kind="approval"]');
  const keyHandlers = {
    nextDecision: () => move(1),
    previousDecision: () => move(-1),
    next: () => move(1),
    previous: () => move(-1),
    openFirstAsk: () => focusIn(detail()?.querySelector('[data-open]')),
    focusAsk: (key: string) => focusIn(detail()?.querySelector(`[data-ask="${key}"]`)),
    approve: () => approvalAsk()?.querySelector<HTMLElement>('[data-answer="approve"]')?.click(),
    reject: () => {
      approvalAsk()?.querySelector<HTMLElement>('[data-answer="reject"]')?.click();
      requestAnimationFrame(() => detail()?.querySelector<HTMLElement>('.reason textarea')?.focus());
    },
    focusReason: () => detail()?.querySelector<HTMLElement>('.reason textarea')?.focus(),
    archive: () => detail()?.querySelector<HTMLElement>('[data-action="archive"]')?.click(),
    help: () => setHelpOpen(true),
    toList: () => document.querySelector<HTMLElement>(`[data-card="${current}"]`)?.focus(),
  };
  useQueueKeys(keyHandlers);

  async function signOut() {
    await api('/auth/session', { method: 'DELETE' });
    onSignOut();
  }

  return (
    <main className="queue">
      <header>
        <h1>{t('queue.title')}</h1>
        <p>{t('queue.subtitle')}</p>
        {page && <p data-testid="counts">{t('queue.counts', { open: page.counts.open, blocking: page.counts.blocking })}</p>}
        <button type="button" onClick={() => setHelpOpen(true)} aria-label={t('queue.keyboardHelp')}>{t('keys.label.help')}</button>
        <button type="button" onClick={signOut}>{t('signIn.signOut')}</button>
      </header>
      <nav role="tablist">
        {(['open', 'answered', 'archived'] as const).map((name) => (
          <button key={name} role="tab" aria-selected={tab === name} type="button" onClick={() => (setTab(name), setSelected(null))}>
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
      {page && page.decisions.length === 0 && !current && (
        <section>
          <h2>{t('queue.emptyFirstRunTitle')}</h2>
          <p>{t('queue.emptyFirstRunBody')}</p>
        </section>
      )}
      {page && (page.decisions.length > 0 || current) && (
        <div className="panes">
          <ol className="cards">
            {page.decisions.map((card) => (
              <li key={card.id} data-testid="card" aria-current={card.id === current ? 'true' : undefined}>
                <button type="button" className="card" data-card={card.id} onClick={() => setSelected(card.id)}>
                  {/* Prompts are agent-written text: rendered as text, never markup. */}
                  <span className="question">{card.question}</span>
                  {card.blocking && <span className="chip">{t('queue.blocking')}</span>}
                  <span>{card.confidence === null ? t('queue.notScored') : t('queue.sure', { percent: Math.round(card.confidence * 100) })}</span>
                  <span>{t('queue.progress', card.progress)}</span>
                </button>
              </li>
            ))}
          </ol>
          {current && (
            <DecisionDetail
              key={current}
              id={current}
              position={index >= 0 ? { index: index + 1, total: page.counts.total } : null}
              // Keep the answered decision on screen (its outcome line) after it leaves the list.
              onChanged={() => (setSelected(current), void load())}
              onNext={next}
              announce={setMessage}
            />
          )}
        </div>
      )}
      <LiveRegion message={message} />
      <KeyHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </main>
  );
}
