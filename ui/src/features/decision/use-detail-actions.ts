/**
 * What a person does from the detail pane — answer, undo, archive, restore, run a failed
 * restart again — and what each says: the outcome in the live region, a refusal beside the
 * decision. Focus stays with the decision after each (FR-66): on the answered ask's summary,
 * on the ask an undo reopened (not in its field, where the next key would be typed), on the
 * title after an archive or a restore.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleRef } from '../../../../domain/automatic-answer';
import type { AnswerValue } from '../../../../domain/ask-schema';
import { answerTaken } from './answer-words';
import type { DecisionRead } from '../../http/decisions';
import { isOvertaken } from '../../http/problem-message';
import { useDecisionActions } from './decision-queries';
import { answeredToast } from './outcome-line';
import { useAction } from '../../shared/use-action';
import { whyNoUndo } from './why-no-undo';
import type { UnsentAnswer as Filled } from '../../keyboard/detail-commands';

/**
 * Resolves in a task of its own, after what is already queued (React's render of the live
 * region among it), so the browser may paint in between. A message, not a timer: a page whose
 * timers are held back (a background tab, a test's paused clock) still goes on.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => (channel.port1.close(), resolve());
    channel.port2.postMessage(null);
  });
}

/** A refusal shown in the pane; `overtaken` when someone else answered first, which the pane then shows. */
export type DetailProblem = { message: string; overtaken: boolean };

/** Another ask's answer, filled in and not sent. */
type UnsentAnswer = Filled & { ask: number };

/** Where focus goes once the pane has redrawn: an ask (its summary once answered, else the ask itself) or the title. */
export type FocusAfter = { ask: number } | { title: true };

export function useDetailActions({
  id,
  data,
  announce,
  onChanged,
  onArchived,
  onRuleUndone,
}: {
  id: string;
  data: DecisionRead | undefined;
  announce: (message: string) => void;
  onChanged: (change: { left: boolean }) => void;
  onArchived?: (id: string) => void;
  onRuleUndone?: (rule: RuleRef) => void;
}) {
  const { t } = useTranslation();
  const actions = useDecisionActions(id);
  const [problem, setProblem] = useState<DetailProblem | null>(null);
  const focusAfter = useRef<FocusAfter | null>(null);
  // Archived from this pane, so `u` here restores it (Gmail's undo); an older archive is Restore's.
  const archivedHere = useRef(false);
  // What this pane last made of the decision, and the revision it showed then: until a newer
  // read arrives, the keys go by it rather than by the read from before the change.
  const madeHere = useRef<{ status: 'archived' | 'open'; from: number | undefined } | null>(null);
  const statusNow = () =>
    madeHere.current && madeHere.current.from === data?.decision.revision ? madeHere.current.status : data?.decision.status;
  const agent = data?.detail.agent?.name ?? t('outcome.theAgent');

  // A refusal is shown and said, and the decision read afresh to show why.
  const refused = useAction((message, error) => {
    setProblem({ message, overtaken: isOvertaken(error) });
    announce(message);
    void actions.reread();
  });
  // One change at a time from this pane: a key pressed twice while the first request is on its
  // way sends nothing more (issue 38 item 6). Only the request counts, not the reads after it.
  // `ask`: the ask an answer on its way is for, so another ask's answer can wait for it.
  const busy = useRef<{ ask: number | null; done: Promise<unknown> } | null>(null);
  const act = (work: () => Promise<void>) => {
    if (busy.current) return Promise.resolve(false);
    setProblem(null);
    return refused(work);
  };
  async function sending<T>(request: () => Promise<T>, ask: number | null = null): Promise<T> {
    const done = request();
    busy.current = { ask, done };
    try {
      return await done;
    } finally {
      busy.current = null;
    }
  }

  /** `unsent`: answers to other asks, filled in and not sent, sent first so closing keeps them (issue 39 item 6). */
  async function answer(ask: number, value: AnswerValue, reason?: string, unsent: UnsentAnswer[] = []) {
    // Another ask's answer still on its way (the server slow, the person quick): this one is
    // sent after it, not dropped — answering two asks one after the other means both. The same
    // ask pressed again is the double press the guard is for.
    while (busy.current && busy.current.ask !== null && busy.current.ask !== ask) {
      await busy.current.done.catch(() => undefined);
      await nextTask();
    }
    await act(async () => {
      // Sent one after another, so the last reply holds every answer sent before it.
      const reply = await sending(async () => {
        for (const other of unsent) await sendUnsent(other);
        return actions.answer.mutateAsync({ ask, value, reason });
      }, ask);
      announce(answerTaken(t, value));
      focusAfter.current = { ask };
      onChanged({ left: reply.decision.status !== 'open' });
      // "Answered." is drawn first; the reply then redraws the pane and the list from the cache
      // (decision-queries.ts), and only a restart's outcome still to come is waited for.
      await nextTask();
      actions.keep(reply);
      if (reply.decision.status !== 'resolved') return;
      const settled =
        reply.detail && reply.decision.delivery ? { decision: reply.decision, detail: reply.detail } : await actions.awaitDelivery();
      const toast = answeredToast(t, settled);
      if (toast) announce(toast);
    });
  }

  /** Someone else answering that ask first is no reason to hold this answer back: theirs stands. */
  async function sendUnsent(other: UnsentAnswer) {
    try {
      await actions.answer.mutateAsync(other);
    } catch (error) {
      if (!isOvertaken(error)) throw error;
    }
  }

  /** Undo (FR-37…FR-42): the ask reopens and the agent is told; a refusal says why. */
  async function undo(ask: number) {
    await act(async () => {
      const { undone } = await sending(() => actions.undo.mutateAsync(ask));
      // Issue 42 item 6: a rule's answer undone — the queue's toast offers to disable the rule.
      const rule = undone.actor?.kind === 'rule' ? { id: undone.actor.id, name: undone.actor.name, revision: undone.actor.revision } : null;
      if (rule && onRuleUndone) onRuleUndone(rule);
      else announce(t('undo.undone', { agent }));
      focusAfter.current = { ask };
      onChanged({ left: false });
      await actions.reread();
    });
  }

  /**
   * `u`: the archive just made here is undone (restored); otherwise the most recently answered
   * ask, when its undo is available; otherwise why not (FR-38). Returns why when it cannot act.
   */
  function undoLatest(): string | null {
    if (!data) return null;
    if (busy.current) return t('keys.busy');
    if (statusNow() === 'archived' && archivedHere.current) {
      void restore();
      return null;
    }
    const latest = data.decision.asks
      .filter((ask) => ask.answer && data.detail.undo[ask.position]?.available)
      .sort((a, b) => Date.parse(b.answer!.answeredAt) - Date.parse(a.answer!.answeredAt))[0]?.position;
    if (!latest) return whyNoUndo(t, data, agent);
    void undo(latest);
    return null;
  }

  async function archive() {
    await act(async () => {
      await sending(() => actions.archive.mutateAsync());
      archivedHere.current = true;
      madeHere.current = { status: 'archived', from: data?.decision.revision };
      if (onArchived) onArchived(id);
      else announce(t('queue.archivedOne'));
      focusAfter.current = { title: true };
      onChanged({ left: true });
      await actions.reread();
    });
  }

  /** `e`: archive an open decision, once; say why not otherwise. */
  function archiveOnce(): string | null {
    if (busy.current) return t('keys.busy');
    const status = statusNow();
    if (status === 'archived') return t('keys.alreadyArchived');
    if (status !== 'open') return t('keys.onlyOpenArchives');
    void archive();
    return null;
  }

  /** E18: an archived decision offers Restore where its answer controls were. */
  async function restore() {
    await act(async () => {
      await sending(() => actions.restore.mutateAsync());
      archivedHere.current = false;
      madeHere.current = { status: 'open', from: data?.decision.revision };
      announce(t('queue.restored'));
      focusAfter.current = { title: true };
      onChanged({ left: true });
      await actions.reread();
    });
  }

  /** E5: a restart that failed can be run again from here (FR-34). */
  async function runNow() {
    await act(async () => {
      const { decision } = await sending(() => actions.runNow.mutateAsync());
      if (decision.delivery?.kind !== 'failed') announce(t('outcome.ranAgain'));
      await actions.reread();
    });
  }

  return { problem, focusAfter, answer, undo, undoLatest, archive, archiveOnce, restore, runNow };
}
