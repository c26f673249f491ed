/**
 * The detail pane: who raised it and what it is blocking, what happened, the agent's report,
 * what it tried, what this needs, and the answer controls. A host's prompt has no authored
 * payload: it shows what the session last said and its pinned state. It offers the queue's keys
 * its commands (§6.17), and keeps focus with the decision after every action (FR-66).
 */
import { useCallback, useDeferredValue, useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleRef } from '../../../../domain/automatic-answer';
import type { DetailCommands } from '../../keyboard/detail-commands';
import { isNotFound } from '../../http/problem-message';
import { useDecision } from './decision-queries';
import { useMay, useSignedIn } from '../../shared/session';
import { hostPromptOf } from '../../shared/host-prompt';
import { AskCommandsContext, type AskRegistry } from './asks/ask-commands';
import { AssignmentPanel } from '../assignment/assignment-panel';
import { AssignmentShown } from '../assignment/may-answer-here';
import { DecisionFacts } from './decision-facts';
import './decision-detail.css';
import { DetailAsks } from './detail-asks';
import { DetailFooter, type Walk } from './detail-footer';
import { DetailHeading, type Position } from './detail-heading';
import { DetailStory } from './detail-story';
import { DetailUnreadable } from './detail-unreadable';
import { OutcomeLine } from './outcome-line';
import { PendingLine } from './pending-line';
import { useDetailActions } from './use-detail-actions';

export function DecisionDetail({
  id,
  position,
  walk = null,
  onChanged,
  announce,
  onArchived,
  onRuleUndone,
  titleAs = 'h2',
  arrive = null,
  onArrived,
  embedDocuments = true,
  commands,
}: {
  id: string;
  position: Position | null;
  walk?: Walk | null;
  /**
   * It was answered, undone, archived or restored (the queue on screen reads afresh by itself);
   * `left` when that took it out of its tab (it closed, or was archived or restored).
   */
  onChanged: (change: { left: boolean }) => void;
  announce: (message: string) => void;
  /** It was archived from here: the queue's toast says so with an Undo; without it, the pane says it in `announce`. */
  onArchived?: (id: string) => void;
  /** A rule's answer was undone here (issue 42 item 6): the queue's toast offers to disable the rule. */
  onRuleUndone?: (rule: RuleRef) => void;
  /** The document page is about this decision alone, so there its question is the page's h1. */
  titleAs?: 'h1' | 'h2';
  /**
   * Where focus goes once the decision is drawn: its title (it was opened by a click, or the
   * queue moved on to it), or its first open ask (Enter on its card). A permission card takes
   * it on its title either way, so a second Enter cannot approve it.
   */
  arrive?: 'title' | 'ask' | null;
  onArrived?: () => void;
  /** The report in the pane and its link to the full page; off on that page, which shows them itself. */
  embedDocuments?: boolean;
  /** Where the queue's keys find this pane's commands. */
  commands?: Ref<DetailCommands | null>;
}) {
  const { t } = useTranslation();
  const me = useSignedIn().data?.memberId ?? null;
  const role = useMay('decision.answer');
  const mayArchive = useMay('decision.archive');
  const read = useDecision(id);
  // Drawn in slices, like the list (a read arriving would otherwise be one long task).
  const data = useDeferredValue(read.data);
  // Issue 41 item 2: the role answers, and the workspace lets this person answer this decision.
  // A key acts when some ask is theirs to answer; the server holds each ask to its own assignee.
  const assignment = data?.detail.assignment;
  const mayAnswer = role && (!assignment || assignment.mayAnswer || Object.values(assignment.asks).some((ask) => ask.mayAnswer));
  const actions = useDetailActions({ id, data, announce, onChanged, onArchived, onRuleUndone });
  const pane = useRef<HTMLElement>(null);
  const asks = useRef<AskRegistry>(new Map());
  const title = () => pane.current?.querySelector<HTMLElement>('#detail-title');
  const askElement = (n: number) => pane.current?.querySelector<HTMLElement>(`[data-ask="${n}"]`);
  const permission = hostPromptOf(data?.decision)?.kind === 'permission';

  /** The ask the keys act on: the one in focus, else the first open one that offers the command. */
  function askFor(command: 'approve' | 'reject' | 'focusReason') {
    const focused = document.activeElement?.closest<HTMLElement>('[data-ask]')?.dataset.ask;
    const inFocus = focused ? asks.current.get(Number(focused)) : undefined;
    if (inFocus?.[command]) return inFocus;
    return [...asks.current.entries()].sort(([a], [b]) => a - b).find(([, ask]) => ask[command])?.[1];
  }

  const focusFirstAsk = useCallback(() => {
    const first = [...asks.current.keys()].sort((a, b) => a - b)[0];
    if (permission || first === undefined) pane.current?.querySelector<HTMLElement>('#detail-title')?.focus();
    else asks.current.get(first)?.land();
  }, [permission]);

  /** A verdict key on the ask that offers it; or, where none does, why the key does nothing here. */
  function command(name: 'approve' | 'reject' | 'focusReason', none: string): string | null {
    if (!data) return t('keys.loading');
    const ask = askFor(name);
    if (!ask) return t(none);
    ask[name]?.();
    return null;
  }

  // Every command acts only on what this pane has drawn: until the decision is read, a key says so.
  useImperativeHandle(commands, () => ({
    focusFirstAsk,
    focusAsk: (n) => {
      if (!data) return t('keys.loading');
      const count = data.decision.asks.length;
      if (n > count) return t('detail.noSuchAsk', { n, count });
      const open = asks.current.get(n);
      if (open) open.land();
      else askElement(n)?.focus();
      return null;
    },
    // A role without the permission is told so, and nothing is sent (the API would refuse it).
    approve: () => (mayAnswer ? command('approve', 'keys.nothingToApprove') : t('keys.notYoursToAnswer')),
    reject: () => (mayAnswer ? command('reject', 'keys.nothingToReject') : t('keys.notYoursToAnswer')),
    focusReason: () => (mayAnswer ? command('focusReason', 'keys.noReasonField') : t('keys.notYoursToAnswer')),
    undoLatest: () => (!mayAnswer ? t('keys.notYoursToUndo') : data ? actions.undoLatest() : t('keys.loading')),
    archive: () => (!mayArchive ? t('keys.notYoursToArchive') : data ? actions.archiveOnce() : t('keys.loading')),
  }));

  // Where the queue sent focus once the decision is drawn.
  const loaded = data !== undefined;
  useEffect(() => {
    if (!arrive || !loaded) return;
    if (arrive === 'ask') focusFirstAsk();
    else title()?.focus();
    onArrived?.();
  }, [arrive, loaded, focusFirstAsk, onArrived]);

  // After an answer, the ask's summary once drawn; after an undo, the ask itself (not its field,
  // where `]` or `j` would be typed); after an archive or a restore, the title.
  useEffect(() => {
    const want = actions.focusAfter.current;
    if (!want) return;
    if ('title' in want) {
      actions.focusAfter.current = null;
      return title()?.focus();
    }
    const ask = askElement(want.ask);
    if (!ask) return;
    actions.focusAfter.current = null;
    ask.focus();
  });

  const unreadable = !data && read.isError;
  if (unreadable) return <DetailUnreadable missing={isNotFound(read.error)} titleAs={titleAs} onRetry={() => void read.refetch()} />;
  if (!data) return <section className="detail" aria-busy="true" />;
  const { decision } = data;
  const open = decision.status === 'open';
  const problem = actions.problem;
  return (
    <section ref={pane} className="detail" aria-labelledby="detail-title" data-card-kind={permission ? 'permission' : undefined}>
      <DetailHeading decision={decision} position={position} titleAs={titleAs} />
      <DecisionFacts data={data} me={me} />
      {open && <AssignmentPanel id={decision.id} assignment={data.detail.assignment} me={me} />}
      {/* Overtaken: someone else answered first. Their answer is below; the pane says so once, not as a failure beside a success. */}
      {problem?.overtaken ? (
        <p className="overtaken" role="status" data-testid="overtaken">
          {problem.message}
        </p>
      ) : (
        <>
          <OutcomeLine data={data} onRunNow={mayAnswer ? () => void actions.runNow() : undefined} />
          {problem && <p role="alert">{problem.message}</p>}
        </>
      )}
      <DetailStory data={data} embedDocuments={embedDocuments} />
      <AssignmentShown.Provider value={data.detail.assignment}>
        <AskCommandsContext.Provider value={asks.current}>
          <DetailAsks
            data={data}
            me={me}
            onAnswer={(...answer) => void actions.answer(...answer)}
            onUndo={(ask) => void actions.undo(ask)}
          />
        </AskCommandsContext.Provider>
      </AssignmentShown.Provider>
      {open && permission && <p className="help keyboard-only">{t('prompt.keys')}</p>}
      {open && <PendingLine data={data} />}
      <DetailFooter
        data={data}
        walk={walk}
        onArchive={mayArchive ? () => void actions.archive() : undefined}
        onRestore={mayArchive ? () => void actions.restore() : undefined}
      />
    </section>
  );
}
