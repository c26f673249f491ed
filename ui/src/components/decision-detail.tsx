/**
 * The detail pane: who raised it and what it is blocking, what happened, the agent's report,
 * what it tried, what this needs, and the answer controls. A host's prompt has no authored
 * payload: it shows what the session last said and its pinned state.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { UNDO_LATEST } from '../keyboard/queue-key-handlers';
import { useTranslation } from 'react-i18next';
import type { AnswerValue } from '../../../domain/ask-schema';
import { documentHref } from '../api/decisions';
import { isNotFound, problemCode, problemMessage } from '../api/problem-message';
import { useDecision, useDecisionActions } from '../queries/decision';
import { useSignedIn } from '../queries/session';
import { AppLink } from './app-link';
import { DecisionFacts } from './decision-facts';
import { DecisionReport } from './decision-report';
import './decision-detail.css';
import { AskItem } from './asks/ask-item';
import { focusOnArrival } from '../routing/navigate';
import { OutcomeLine, outcomeText } from './outcome-line';
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
  focusTitle = false,
  embedDocuments = true,
}: {
  id: string;
  position: { index: number; total: number } | null;
  /** It was answered, undone, archived or restored (the queue on screen reads afresh by itself). */
  onChanged: () => void;
  onNext: () => void;
  announce: (message: string) => void;
  /** The document page is about this decision alone, so there its question is the page's h1. */
  titleAs?: 'h1' | 'h2';
  /** Focus the title once it is drawn: the decision was opened to replace the list. */
  focusTitle?: boolean;
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

  async function answer(ask: number, value: AnswerValue, reason?: string) {
    setProblem(null);
    try {
      const { decision } = await actions.answer.mutateAsync({ ask, value, reason });
      announce(t('outcome.answered'));
      onChanged();
      if (decision.status === 'resolved') {
        const settled = await actions.awaitDelivery();
        if (settled.decision.delivery) announce(outcomeText(t, settled.decision.delivery, settled.detail.agent?.name ?? null));
      } else {
        await actions.reread();
      }
    } catch (error) {
      const message = conflictCopy(problemCode(error)) ?? problemMessage(error);
      setProblem(message);
      announce(message);
      await actions.reread();
    }
  }

  function conflictCopy(code: string | null): string | null {
    if (code === 'ask_already_answered') return t('outcome.conflict');
    if (code === 'decision_archived') return t('outcome.archived');
    return null;
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
      onChanged();
    } catch (error) {
      setProblem(problemMessage(error));
    }
    await actions.reread();
  }

  /** E18: an archived decision offers Restore where its answer controls were. */
  async function restore() {
    setProblem(null);
    await actions.restore.mutateAsync().catch((error: unknown) => setProblem(problemMessage(error)));
    onChanged();
    await actions.reread();
  }

  const agentName = data?.detail.agent?.name ?? t('outcome.theAgent');

  /** Undo (FR-37…FR-42): the ask reopens and the agent is told; a refusal says why. */
  async function undo(ask: number) {
    setProblem(null);
    try {
      await actions.undo.mutateAsync(ask);
      announce(t('undo.undone', { agent: agentName }));
      onChanged();
    } catch (error) {
      const message = problemMessage(error);
      setProblem(message);
      announce(message);
    }
    await actions.reread();
  }

  // `u`: undo the most recently answered ask, when its undo is available.
  const latestUndoable = data?.decision.asks
    .filter((ask) => ask.answer && data.detail.undo[ask.position]?.available)
    .sort((a, b) => Date.parse(b.answer!.answeredAt) - Date.parse(a.answer!.answeredAt))[0]?.position;
  const pane = useRef<HTMLElement>(null);
  // Runs when the title is first drawn and when focusTitle turns on, not on every render.
  const titleRef = useCallback(
    (title: HTMLElement | null) => {
      if (title && focusTitle) title.focus();
    },
    [focusTitle],
  );
  useEffect(() => {
    const element = pane.current;
    const onUndoLatest = () => {
      if (latestUndoable) void undo(latestUndoable);
    };
    element?.addEventListener(UNDO_LATEST, onUndoLatest);
    return () => element?.removeEventListener(UNDO_LATEST, onUndoLatest);
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
      <Title id="detail-title" ref={titleAs === 'h1' ? focusOnArrival : titleRef} tabIndex={-1}>
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
        {t('queue.asksHeading')} <span className="progress">{t('queue.progress', decision.progress)}</span>
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
            permission={prompt?.kind === 'permission'}
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
      {detail.lines.pending && <p className="pending">{detail.lines.pending}</p>}
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
          <button type="button" onClick={onNext}>
            {t('queue.next')}
          </button>
        )}
      </footer>
    </section>
  );
}
