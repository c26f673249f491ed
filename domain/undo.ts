/**
 * Undo (FR-37…FR-42): an answered ask can be taken back while its answer is younger than the
 * undo window and no run restarted by that answer has begun executing. Undo returns the ask
 * to unanswered, reopens the decision, and keeps the withdrawn answer in the record.
 */
import type { AskState, DecisionSnapshot, RecordedAnswer } from './decision';
import type { UndoState } from './decision-detail-schema';
import type { Rejection } from './errors';
import type { RunStatus } from './run';
import { approvalBy, type Quorum } from './approval-quorum';
import type { ProvenanceActor } from './provenance';

/** The default window; a workflow input, so tests can use seconds. */
export const UNDO_WINDOW_MS = 10 * 60 * 1000;

/** An answer that was taken back, kept with who withdrew it and when (FR-42). */
export type WithdrawnAnswer = NonNullable<AskState['withdrawnAnswers']>[number];

/** Why Undo is shown disabled (E6, E7), or that it is available (its schema: decision-detail-schema.ts). */
export type { UndoState };

/** The moment an answer's undo window closes. */
export function undoDeadline(answer: Pick<RecordedAnswer, 'answeredAt'>, windowMs: number): number {
  return Date.parse(answer.answeredAt) + windowMs;
}

/** The run this decision's answer restarted (FR-39): the one undo must cancel, if it has not begun. */
export function restartedBy(state: Pick<DecisionSnapshot, 'status' | 'delivery'>): string | null {
  const delivery = state.delivery;
  if (state.status !== 'resolved' || !delivery?.runId) return null;
  return delivery.kind === 'restarted' || delivery.kind === 'queued' ? delivery.runId : null;
}

/** A restarted run has begun executing once a host claimed it; before that it can be cancelled. */
export function hasBegun(status: RunStatus | null): boolean {
  return status !== null && status !== 'queued' && status !== 'ready' && status !== 'cancelled';
}

/**
 * What Undo offers for one ask, for the read side: `restartedRunStatus` is the status of the
 * run the answer restarted, when there is one.
 */
export function undoState(
  state: Pick<DecisionSnapshot, 'status' | 'delivery' | 'undoWindowMs'>,
  ask: Pick<AskState, 'answer'>,
  restartedRunStatus: RunStatus | null,
  now: Date,
): UndoState | null {
  if (!ask.answer) return null;
  if (state.status === 'archived' || state.status === 'withdrawn') return { available: false, reason: 'closed' };
  if (restartedBy(state) && hasBegun(restartedRunStatus)) return { available: false, reason: 'acted' };
  const until = undoDeadline(ask.answer, state.undoWindowMs);
  if (now.getTime() >= until) return { available: false, reason: 'window' };
  return { available: true, until: new Date(until).toISOString() };
}

/** The workflow's synchronous check: everything but the run's status, which an activity checks atomically. */
export function checkUndo(
  state: Pick<DecisionSnapshot, 'id' | 'status' | 'asks' | 'undoWindowMs'>,
  position: number,
  now: Date,
  /** Who undoes: on an ask that needs several approvers, only their own approval is theirs to take back. */
  by?: string,
): Rejection | null {
  const ask = state.asks[position - 1];
  if (!ask) {
    return {
      code: 'ask_not_found',
      message: `Decision ${state.id} has no ask ${position}; it has asks 1–${state.asks.length}.`,
      details: { ask: position, asks: state.asks.length },
    };
  }
  const quorum = ask.kind === 'approval' ? ask.quorum : undefined;
  if (quorum && by !== undefined && !vetoed(ask)) return checkApprovalUndo(state, position, quorum, by, now);
  if (!ask.answer) {
    return { code: 'nothing_to_undo', message: `Ask ${position} has no answer to undo.`, details: { ask: position } };
  }
  if (state.status === 'archived') return { code: 'decision_archived', message: 'This decision was archived.' };
  if (state.status === 'withdrawn') {
    return {
      code: 'decision_not_open',
      message: `Decision ${state.id} was withdrawn by its agent; there is nothing to undo.`,
      details: { decisionStatus: state.status },
    };
  }
  if (now.getTime() >= undoDeadline(ask.answer, state.undoWindowMs)) {
    return { code: 'undo_window_passed', message: 'The 10-minute undo window has passed.', details: { ask: position, answer: ask.answer } };
  }
  return null;
}

/** An ask that needs several approvers answered by a rejection: that veto undoes like any answer. */
function vetoed(ask: AskState): boolean {
  return ask.answer?.value.kind === 'approval' && ask.answer.value.decision === 'reject';
}

/** Issue 41 item 3: undo on an ask that needs several approvers takes back only the undoer's approval. */
function checkApprovalUndo(
  state: Pick<DecisionSnapshot, 'id' | 'status' | 'undoWindowMs'>,
  position: number,
  quorum: Quorum,
  by: string,
  now: Date,
): Rejection | null {
  const mine = approvalBy(quorum, by);
  if (!mine) {
    return {
      code: 'nothing_to_undo',
      message: `You have no approval on ask ${position} to take back; each approver takes back only their own.`,
      details: { ask: position },
    };
  }
  if (state.status === 'archived') return { code: 'decision_archived', message: 'This decision was archived.' };
  if (state.status === 'withdrawn') {
    return {
      code: 'decision_not_open',
      message: `Decision ${state.id} was withdrawn by its agent; there is nothing to undo.`,
      details: { decisionStatus: state.status },
    };
  }
  if (now.getTime() >= undoDeadline({ answeredAt: mine.at }, state.undoWindowMs)) {
    return { code: 'undo_window_passed', message: 'The 10-minute undo window has passed.', details: { ask: position } };
  }
  return null;
}

/** The refusal when the restarted run began executing between the check and the undo (E6). */
export function actedRejection(agentName: string | null, runId: string): Rejection {
  return {
    code: 'undo_after_acting',
    message: `${agentName ?? 'The agent'} already acted on this. Undo cannot unsend or unspend.`,
    // The agent's name as a value, so a client says the sentence in its own words.
    details: { runId, agent: agentName },
  };
}

/** Returns the ask to unanswered and the decision to open; the withdrawn answer stays on the ask. */
export function undoAnswer(state: DecisionSnapshot, position: number, by: string, now: Date): DecisionSnapshot {
  const at = now.toISOString();
  const asks = state.asks.map((ask): AskState => {
    if (ask.position !== position) return ask;
    if (ask.kind === 'approval' && ask.quorum && !vetoed(ask)) return withoutApprovalOf(ask, ask.quorum, by, at);
    if (!ask.answer) return ask;
    const withdrawn: WithdrawnAnswer = { ...ask.answer, withdrawnBy: by, withdrawnAt: at };
    return { ...ask, status: 'open', answer: null, withdrawnAnswers: [...(ask.withdrawnAnswers ?? []), withdrawn] };
  });
  const reopened = state.status === 'resolved';
  return {
    ...state,
    asks,
    status: 'open',
    resolvedAt: null,
    closedAt: null,
    // The earlier delivery no longer stands; its record stays in the activity history.
    delivery: reopened ? null : state.delivery,
    revision: state.revision + 1,
    updatedAt: at,
  };
}

/**
 * Takes `by`'s approval off the ask, kept among its withdrawn answers (FR-42); an ask the quorum
 * had answered is open again, with the others' approvals still counted.
 */
function withoutApprovalOf(ask: AskState & { kind: 'approval' }, quorum: Quorum, by: string, at: string): AskState {
  const mine = approvalBy(quorum, by);
  if (!mine) return ask;
  const withdrawn: WithdrawnAnswer = {
    value: { kind: 'approval', decision: 'approve' },
    reason: mine.reason,
    answeredBy: mine.by,
    answeredAt: mine.at,
    ...(mine.provenance ? { provenance: mine.provenance } : {}),
    withdrawnBy: by,
    withdrawnAt: at,
  };
  return {
    ...ask,
    status: 'open',
    answer: null,
    quorum: { ...quorum, approvals: quorum.approvals.filter((approval) => approval !== mine) },
    withdrawnAnswers: [...(ask.withdrawnAnswers ?? []), withdrawn],
  };
}

/** What the agent is told (FR-40): it names what was withdrawn. */
export function withdrawalMessage(ask: Pick<AskState, 'prompt'>): string {
  return `The owner withdrew their earlier answer to "${ask.prompt}".`;
}

/**
 * Whose answer an undo of ask `position` took back (issue 42 item 4): the provenance actor of its
 * newest withdrawn answer — a rule's, so a client can offer to disable the rule — or null for one
 * recorded before provenance.
 */
export function undoneActor(state: Pick<DecisionSnapshot, 'asks'>, position: number): ProvenanceActor | null {
  return state.asks[position - 1]?.withdrawnAnswers?.at(-1)?.provenance?.actor ?? null;
}
