/** The detail pane: what happened, what it tried, what this needs, and the answer controls. */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../http-client';
import type { DetailResponse } from '../types';
import { AskItem } from './asks/ask-item';

const DELIVERY_POLL_MS = 200;
const DELIVERY_WAIT_MS = 10_000;

export function DecisionDetail({
  id,
  position,
  onChanged,
  onNext,
  announce,
}: {
  id: string;
  position: { index: number; total: number } | null;
  onChanged: () => void;
  onNext: () => void;
  announce: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [data, setData] = useState<DetailResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    const fresh = await api<DetailResponse>(`/api/v1/decisions/${id}`);
    setData(fresh);
    return fresh;
  }, [id]);

  useEffect(() => {
    setData(null);
    setProblem(null);
    void load();
  }, [load]);

  /** The restart outcome is written just after the answer returns: wait for it briefly. */
  async function awaitDelivery(): Promise<void> {
    const deadline = Date.now() + DELIVERY_WAIT_MS;
    for (;;) {
      const fresh = await load();
      if (fresh.decision.status !== 'resolved' || fresh.detail.lines.delivery || Date.now() > deadline) {
        if (fresh.detail.lines.delivery) announce(fresh.detail.lines.delivery);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, DELIVERY_POLL_MS));
    }
  }

  async function answer(ask: number, value: Record<string, unknown>, reason?: string) {
    setProblem(null);
    try {
      const result = await api<DetailResponse>(`/api/v1/decisions/${id}/asks/${ask}/answer`, {
        method: 'POST',
        body: JSON.stringify({ answer: value, ...(reason ? { reason } : {}) }),
      });
      announce(t('outcome.answered'));
      onChanged();
      if (result.decision.status === 'resolved') await awaitDelivery();
      else await load();
    } catch (error) {
      const message = error instanceof ApiError ? conflictCopy(error.problem.code) ?? error.problem.detail : String(error);
      setProblem(message);
      announce(message);
      await load();
    }
  }

  function conflictCopy(code: string): string | null {
    if (code === 'ask_already_answered') return t('outcome.conflict');
    if (code === 'decision_archived') return t('outcome.archived');
    return null;
  }

  /** E5: a restart that failed can be run again from here (FR-34). */
  async function runNow() {
    setProblem(null);
    try {
      const result = await api<DetailResponse>(`/api/v1/decisions/${id}/run-now`, { method: 'POST' });
      if (result.decision.delivery?.kind !== 'failed') announce(t('outcome.ranAgain'));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.problem.detail : String(error));
    }
    await load();
  }

  async function archive() {
    await api(`/api/v1/decisions/${id}/archive`, { method: 'POST' });
    onChanged();
    await load();
  }

  if (!data) return <section className="detail" aria-busy="true" />;
  const { decision, detail } = data;
  const open = decision.status === 'open';
  return (
    <section className="detail" aria-labelledby="detail-title">
      {position && <p className="walker">{t('queue.walker', position)}</p>}
      <h2 id="detail-title">
        {decision.question}
        {decision.status === 'resolved' && <span className="tag done">{t('queue.answered')}</span>}
      </h2>
      {detail.lines.delivery && (
        <div className={decision.delivery?.kind === 'failed' ? 'outcome failed' : 'outcome'}>
          <p data-testid="outcome">{detail.lines.delivery}</p>
          {decision.delivery?.kind === 'failed' && (
            <button type="button" onClick={() => void runNow()}>{t('outcome.runNow')}</button>
          )}
          {decision.delivery?.runId && <span className="help">{t('outcome.run', { run: decision.delivery.runId })}</span>}
        </div>
      )}
      {problem && <p role="alert">{problem}</p>}
      {decision.context && (
        <>
          <h3>{t('queue.contextHeading')}</h3>
          <p className="context">{decision.context}</p>
        </>
      )}
      {decision.attempts.length > 0 && (
        <>
          <h3>{t('queue.attemptsHeading')}</h3>
          <ul>{decision.attempts.map((attempt, index) => <li key={index}>{attempt}</li>)}</ul>
        </>
      )}
      <h3>
        {t('queue.asksHeading')} <span className="progress">{t('queue.progress', decision.progress)}</span>
      </h3>
      <ol className="asks">
        {decision.asks.map((ask) => (
          <AskItem key={ask.position} ask={ask} members={detail.members} open={open} submit={(value, reason) => void answer(ask.position, value, reason)} />
        ))}
      </ol>
      {detail.lines.pending && <p className="pending">{detail.lines.pending}</p>}
      <footer>
        {open && <button type="button" data-action="archive" onClick={() => void archive()}>{t('queue.archive')}</button>}
        {!open && <button type="button" onClick={onNext}>{t('queue.next')}</button>}
      </footer>
    </section>
  );
}
