/**
 * The detail pane: who raised it and what it is blocking, what happened, the agent's report,
 * what it tried, what this needs, and the answer controls. A host's prompt has no authored
 * payload: it shows what the session last said and its pinned state. After an answer or an undo
 * focus stays with the ask (its summary, or its control again), never on the page body (FR-66).
 */
import { useEffect, useRef, useState } from 'react';
import { UNDO_LATEST } from '../keyboard/queue-key-handlers';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AnswerValue } from '../../../domain/ask-schema';
import { documentHref, type DecisionRead } from '../http/decisions';
import { isNotFound, problemMessage } from '../http/problem-message';
import { useDecision, useDecisionActions } from '../queries/decision';
import { useSignedIn } from '../queries/session';
import { AppLink } from './app-link';
import { DecisionFacts } from './decision-facts';
import { DecisionReport } from './decision-report';
import './decision-detail.css';
import { AskItem } from './asks/ask-item';
import { focusOnArrival } from '../routing/navigate';
import { answeredToast, OutcomeLine } from './outcome-line';
import { PendingLine } from './pending-line';
import { ProgressDots } from './progress-dots';
import { RecurringNote } from './recurring-note';
import { hostPromptOf } from '../queue/host-prompt';
import { SessionSaid } from './session-said';

export function DecisionDetail({
  id,
  position,
  onChanged,
  onNext,
  announce,
  titleAs = 'h2',
  arrive = null,
  onArrived,
  embedDocuments = true,
}: {
  id: string;
  position: { index: number; total: number } | null;
  /**
   * It was answered, undone, archived or restored (the queue on screen reads afresh by itself);
   * `left` when that took it out of its tab (it closed, or was archived or restored).
   */
  onChanged: (change: { left: boolean }) => void;
  onNext: () => void;
  announce: (message: string) => void;
  /** The document page is about this decision alone, so there its question is the page's h1. */
  titleAs?: 'h1' | 'h2';
  /**
   * Where focus goes once the decision is drawn: its title (it was opened to replace the list,
   * or the queue moved on to it), or its first open ask (Enter on its card). A permission card
   * takes it on its title either way, so a second Enter cannot approve it.
   */
  arrive?: 'title' | 'ask' | null;
  onArrived?: () => void;
  /** The report in the pane and its link to the full page; off on that page, which shows them itself. */
  embedDocuments?: boolean;
}) {
  const { t } = useTranslation();
  const me = useSignedIn().data ?? null;
  const Title = titleAs;
  const read = useDecision(id);
  const actions = useDecisionActions(id);
  const data = read.data;
  const [problem, setProblem] = useState<string | null>(null);
  /** Where focus goes once the pane has redrawn after an answer (the ask's summary) or an undo (its control). */
  const pendingFocus = useRef<{ ask: number; to: 'summary' | 'control' } | null>(null);

  async function answer(ask: number, value: AnswerValue, reason?: string) {
    setProblem(null);
    try {
      const { decision } = await actions.answer.mutateAsync({ ask, value, reason });
      announce(t('outcome.answered'));
      pendingFocus.current = { ask, to: 'summary' };
      onChanged({ left: decision.status !== 'open' });
      if (decision.status === 'resolved') {
        const settled = await actions.awaitDelivery();
        if (settled.decision.delivery) announce(answeredToast(t, settled.decision.delivery, settled.detail.agent?.name ?? null));
      } else {
        await actions.reread();
      }
    } catch (error) {
      const message = problemMessage(error);
      setProblem(message);
      announce(message);
      await actions.reread();
    }
  }

  /** E5: a restart that failed can be run again from here (FR-34). */
  async function runNow() {
    setProblem(null);
    try {
      const { decision } = await actions.runNow.mutateAsync();
      if (decision.delivery?.kind !== 'failed') announce(t('outcome.ranAgain'));
    } catch (error) {
      setProblem(problemMessage(error));
    }
    await actions.reread();
  }

  async function archive() {
    setProblem(null);
    try {
      await actions.archive.mutateAsync();
      announce(t('queue.archivedOne'));
      onChanged({ left: true });
    } catch (error) {
      setProblem(problemMessage(error));
    }
    await actions.reread();
  }

  /** E18: an archived decision offers Restore where its answer controls were. */
  async function restore() {
    setProblem(null);
    await actions.restore.mutateAsync().catch((error: unknown) => setProblem(problemMessage(error)));
    onChanged({ left: true });
    await actions.reread();
  }

  const agentName = data?.detail.agent?.name ?? t('outcome.theAgent');

  /** Undo (FR-37…FR-42): the ask reopens and the agent is told; a refusal says why. */
  async function undo(ask: number) {
    setProblem(null);
    try {
      await actions.undo.mutateAsync(ask);
      announce(t('undo.undone', { agent: agentName }));
      pendingFocus.current = { ask, to: 'control' };
      onChanged({ left: false });
    } catch (error) {
      const message = problemMessage(error);
      setProblem(message);
      announce(message);
    }
    await actions.reread();
  }

  // `u`: undo the most recently answered ask, when its undo is available; otherwise say why (FR-38).
  const latestUndoable = data?.decision.asks
    .filter((ask) => ask.answer && data.detail.undo[ask.position]?.available)
    .sort((a, b) => Date.parse(b.answer!.answeredAt) - Date.parse(a.answer!.answeredAt))[0]?.position;
  const pane = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = pane.current;
    const onUndoLatest = () => {
      if (latestUndoable) void undo(latestUndoable);
      else if (data) announce(whyNoUndo(t, data, agentName));
    };
    element?.addEventListener(UNDO_LATEST, onUndoLatest);
    return () => element?.removeEventListener(UNDO_LATEST, onUndoLatest);
  });

  const loaded = data !== undefined;
  useEffect(() => {
    const element = pane.current;
    if (!arrive || !loaded || !element) return;
    const permission = element.dataset.cardKind === 'permission';
    const ask = arrive === 'ask' && !permission ? firstControl(element.querySelector('[data-open]')) : null;
    (ask ?? element.querySelector<HTMLElement>('#detail-title'))?.focus();
    onArrived?.();
  }, [arrive, loaded]);

  // After an answer the ask's summary takes focus once drawn; after an undo, its control again.
  useEffect(() => {
    const want = pendingFocus.current;
    const ask = want && pane.current?.querySelector<HTMLElement>(`[data-ask="${want.ask}"]`);
    if (!want || !ask) return;
    const target = want.to === 'summary' ? (ask.classList.contains('answered') ? ask : null) : firstControl(ask.dataset.open ? ask : null);
    if (!target) return;
    pendingFocus.current = null;
    target.focus();
  });

  // E15: another workspace's decision and a missing one both read "not found".
  const unreadable = !data && read.isError ? (isNotFound(read.error) ? 'missing' : 'failed') : null;
  if (unreadable) {
    return (
      <section className="detail" aria-labelledby="detail-title">
        <Title id="detail-title">{t(unreadable === 'missing' ? 'detail.notFound' : 'detail.failed')}</Title>
        {unreadable === 'missing' ? (
          <p>{t('detail.notFoundBody')}</p>
        ) : (
          <button type="button" onClick={() => void read.refetch()}>
            {t('queue.tryAgain')}
          </button>
        )}
      </section>
    );
  }
  if (!data) return <section className="detail" aria-busy="true" />;
  const { decision, detail } = data;
  const open = decision.status === 'open';
  const prompt = hostPromptOf(decision);
  return (
    <section
      ref={pane}
      className="detail"
      aria-labelledby="detail-title"
      data-card-kind={prompt?.kind === 'permission' ? 'permission' : undefined}
    >
      {position && <p className="walker">{t('queue.walker', position)}</p>}
      {prompt && <p className="label">{t(`prompt.${prompt.kind}`)}</p>}
      <Title id="detail-title" ref={titleAs === 'h1' ? focusOnArrival : undefined} tabIndex={-1}>
        {decision.question}
        {decision.status === 'resolved' && <span className="tag done">{t('queue.answered')}</span>}
        {decision.status === 'withdrawn' && <span className="tag withdrawn">{t('detail.withdrawn')}</span>}
      </Title>
      <DecisionFacts data={data} me={me} />
      <OutcomeLine data={data} onRunNow={() => void runNow()} />
      {problem && <p role="alert">{problem}</p>}
      {prompt && <SessionSaid prompt={prompt} />}
      {/* A permission prompt's context is the tool input the host summarised: its ACTION line shows it. */}
      {decision.context && prompt?.kind !== 'permission' && (
        <>
          <h3>{t('queue.contextHeading')}</h3>
          <p className="context">{decision.context}</p>
        </>
      )}
      {embedDocuments && <DecisionReport decision={decision} />}
      {decision.attempts.length > 0 && (
        <>
          <h3>{t('queue.attemptsHeading')}</h3>
          <ul>
            {decision.attempts.map((attempt, index) => (
              <li key={index}>{attempt}</li>
            ))}
          </ul>
        </>
      )}
      {detail.recurring && <RecurringNote decisionId={decision.id} recurring={detail.recurring} />}
      <h3>
        {t('queue.asksHeading')}{' '}
        <span className="progress">
          <ProgressDots progress={decision.progress} />
          {t('queue.progress', decision.progress)}
        </span>
      </h3>
      <ol className="asks">
        {decision.asks.map((ask) => (
          <AskItem
            key={ask.position}
            ask={ask}
            members={detail.members}
            me={me}
            open={open}
            submit={(value, reason) => void answer(ask.position, value, reason)}
            riskFlags={ask.position === 1 && decision.source?.kind === 'approval' ? detail.riskFlags : null}
            command={prompt?.kind === 'permission' && ask.kind === 'approval' ? (decision.context ?? ask.action.summary) : null}
            optionPage={(ask, option) =>
              decision.documents.options?.[`${ask}.${option}`] ? documentHref(decision.id, `option-${ask}-${option}`) : null
            }
            menu={{
              undo: detail.undo[ask.position],
              agent: agentName,
              runId: decision.delivery?.runId ?? detail.run?.id ?? null,
              onUndo: () => void undo(ask.position),
            }}
          />
        ))}
      </ol>
      {/* E10, §6.10: the asks past the tenth were dropped; the person is told, in the catalogue's words. */}
      {decision.droppedAsks > 0 && (
        <div className="over-limit" data-testid="over-limit">
          <p>
            <span aria-hidden="true">{t('detail.overLimitGlyph')} </span>
            {t('detail.overLimit', { count: decision.droppedAsks })}
          </p>
          <p className="help">{t('detail.overLimitHelp')}</p>
        </div>
      )}
      {open && prompt?.kind === 'permission' && <p className="help">{t('prompt.keys')}</p>}
      {open && <PendingLine progress={decision.progress} agent={detail.agent?.name ?? null} />}
      <footer>
        {open && (
          <button type="button" data-action="archive" onClick={() => void archive()}>
            {t('queue.archive')}
          </button>
        )}
        {decision.status === 'archived' && (
          <button type="button" data-action="restore" onClick={() => void restore()}>
            {t('queue.restore')}
          </button>
        )}
        {/* §6.2: the Run this decision holds; once answered, the outcome line links the run that took the answer. */}
        {open && detail.run && (
          <AppLink href={`/runs/${encodeURIComponent(detail.run.id)}`} className="button-link" data-testid="open-run">
            {t('detail.openRun')}
            <span aria-hidden="true"> {t('outcome.arrow')}</span>
          </AppLink>
        )}
        {!open && (
          <button type="button" className="primary" onClick={onNext}>
            {t('queue.next')}
          </button>
        )}
      </footer>
    </section>
  );
}

/** An ask's first control: an option, a field or a button. */
function firstControl(ask: Element | null | undefined): HTMLElement | null {
  return ask?.querySelector<HTMLElement>('input:not(:disabled), textarea, button:not(:disabled), a[href]') ?? null;
}

/** Why `u` cannot undo here, in the ask menu's own words (§6.18 E6, E7). */
function whyNoUndo(t: TFunction, data: DecisionRead, agent: string): string {
  const latest = data.decision.asks
    .filter((ask) => ask.answer)
    .sort((a, b) => Date.parse(b.answer!.answeredAt) - Date.parse(a.answer!.answeredAt))[0];
  const state = latest ? data.detail.undo[latest.position] : undefined;
  if (!latest || !state || state.available) return t('undo.nothingToUndo');
  if (state.reason === 'acted') return t('undo.blockedActed', { agent });
  if (state.reason === 'window') return t('undo.blockedWindow');
  return t('undo.blockedClosed');
}
