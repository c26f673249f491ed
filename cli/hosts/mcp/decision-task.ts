/**
 * A blocking `decide` as an MCP task (the Tasks extension, `io.modelcontextprotocol/tasks`, on the
 * 2026-07-28 revision): the task is the decision. Its id is the decision's id and its status is
 * read from the decision at each `tasks/get`, so Cast keeps no task table, and a task outlives
 * the `cast mcp` process or the API replica that created it, and Cast's restarts.
 *
 * It stays `working` until a person answers in Cast; it is never `input_required`, since nothing
 * is asked of the agent's own user (the person answers in the queue, not in the agent).
 */
import type { DecisionView } from '../../../domain/decision';
import { DecideResult } from '../../../domain/mcp-tool-results-schema';
import { answerOf, cardJson } from '../../commands/decide/present';
import { structured } from './tool-result';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** How often a client should ask again: a person's answer takes seconds at best, so once a second is prompt enough. */
export const POLL_INTERVAL_MS = 1000;

type TaskStatus = 'working' | 'completed' | 'cancelled';

/** The Tasks extension's `DetailedTask` for a decision, as `tasks/get` and a `CreateTaskResult` carry it. */
export type DecisionTask = {
  taskId: string;
  status: TaskStatus;
  statusMessage: string;
  createdAt: string;
  lastUpdatedAt: string;
  /** Decisions are kept: the task does not expire. */
  ttlMs: null;
  pollIntervalMs: number;
  /** On `completed`: what the call would have returned, a 2026-07-28 result (so with its `resultType`). */
  result?: ReturnType<typeof structured> & { resultType: 'complete' };
};

/** What the decide call would have returned had it waited for the answer: the decision as it left the queue. */
function completedResult(decision: DecisionView, message: string | null, url: string) {
  const outcome = decision.status === 'resolved' ? 'answered' : decision.status === 'archived' ? 'archived' : 'withdrawn';
  const next =
    outcome === 'answered'
      ? `Answered: ${message ?? 'see answer'}. Go on with it.`
      : `The decision was ${outcome} without an answer; do not take the fork on your own: ask again or end your turn.`;
  const result = structured(DecideResult, {
    ...cardJson(decision, { notes: decision.notes, openInSession: [], url, staleHint: null }),
    url,
    // The task filed it (or re-asked this session's open one): either way the ask is this task's.
    created: true,
    stack: null,
    next,
    answered: { outcome, message, answer: answerOf(decision) },
  });
  return { resultType: 'complete' as const, ...result };
}

export function taskOf(decision: DecisionView, message: string | null, url: string): DecisionTask {
  const base = {
    taskId: decision.id,
    createdAt: decision.createdAt,
    lastUpdatedAt: decision.updatedAt,
    ttlMs: null,
    pollIntervalMs: POLL_INTERVAL_MS,
  };
  if (decision.status === 'open') {
    return { ...base, status: 'working', statusMessage: `Waiting for a person to answer ${decision.id} in Cast: ${url}` };
  }
  if (decision.status === 'withdrawn') return { ...base, status: 'cancelled', statusMessage: `${decision.id} was withdrawn.` };
  const statusMessage = decision.status === 'resolved' ? `${decision.id} was answered.` : `${decision.id} was archived unanswered.`;
  return { ...base, status: 'completed', statusMessage, result: completedResult(decision, message, url) };
}
