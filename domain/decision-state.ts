/**
 * The rules of a decision's life, as pure functions over its snapshot. The workflow wires
 * them to Temporal messages; tests call them directly.
 */
import { checkAnswerShape, type AnswerValue } from './ask';
import type { Rejection } from './errors';
import type { DecisionSnapshot, DecisionStart, DecisionView } from './decision';

export type AnswerCommand = {
  ask: number;
  value: AnswerValue;
  reason: string | null;
  answeredBy: string;
  /**
   * When the caller stops waiting. An update that reaches the workflow later (say, no worker
   * ran until then) is refused, so a request that failed with 503 never lands afterwards.
   */
  expiresAt?: string;
};

/** A command (an answer, a filing) that reaches the workflow after its caller gave up is refused. */
export function expiredCommand(command: { expiresAt?: string }, now: Date): Rejection | null {
  if (!command.expiresAt || now.getTime() <= Date.parse(command.expiresAt)) return null;
  return {
    code: 'request_expired',
    message: 'The request reached Cast after it had given up waiting; nothing was changed. Send it again.',
  };
}

export function openDecision(start: DecisionStart, now: Date): DecisionSnapshot {
  const at = now.toISOString();
  return {
    id: start.id,
    number: start.number,
    workspaceId: start.workspaceId,
    question: start.question,
    context: start.context ?? null,
    status: 'open',
    asks: start.asks.map((ask, index) => ({ ...ask, position: index + 1, status: 'open', answer: null })),
    filedBy: start.filedBy,
    revision: 1,
    createdAt: at,
    updatedAt: at,
    resolvedAt: null,
  };
}

/** Why this answer cannot be recorded, or `null` when it can. First writer wins. */
export function checkAnswer(
  state: Pick<DecisionSnapshot, 'id' | 'status' | 'asks'>,
  command: AnswerCommand,
): Rejection | null {
  const ask = state.asks[command.ask - 1];
  if (!ask) {
    return {
      code: 'ask_not_found',
      message: `Decision ${state.id} has no ask ${command.ask}; it has asks 1–${state.asks.length}.`,
    };
  }
  if (ask.answer) {
    return {
      code: 'ask_already_answered',
      message: `Ask ${command.ask} of ${state.id} was already answered; the first answer stands.`,
      details: { answer: ask.answer },
    };
  }
  if (state.status !== 'open') {
    return { code: 'decision_closed', message: `Decision ${state.id} is ${state.status}; it takes no more answers.` };
  }
  return checkAnswerShape(ask, command.ask, command.value);
}

/** Records a checked answer; the last required answer resolves the decision (FR-28). */
export function applyAnswer(state: DecisionSnapshot, command: AnswerCommand, now: Date): DecisionSnapshot {
  const at = now.toISOString();
  const asks = state.asks.map((ask) =>
    ask.position === command.ask
      ? {
          ...ask,
          status: 'answered' as const,
          answer: { value: command.value, reason: command.reason, answeredBy: command.answeredBy, answeredAt: at },
        }
      : ask,
  );
  const next = { ...state, asks, revision: state.revision + 1, updatedAt: at };
  return progress(next).answered === progress(next).required ? { ...next, status: 'resolved', resolvedAt: at } : next;
}

/** Progress counts required asks only; optional asks never hold a decision (FR-21, FR-22). */
export function progress(state: Pick<DecisionSnapshot, 'asks'>): { answered: number; required: number } {
  const required = state.asks.filter((ask) => ask.required);
  return { answered: required.filter((ask) => ask.answer).length, required: required.length };
}

export function toDecisionView(state: DecisionSnapshot): DecisionView {
  const { workspaceId: _workspace, number: _number, ...view } = state;
  return { ...view, progress: progress(state) };
}
