/**
 * `cast hook claude-code --park` in a run nobody attends (`claude -p`, issue 31 item 10): rather
 * than hold the run open for --timeout, the hook files its card, parks the session's run, and
 * answers "defer" — Claude Code (2.1.89 and later) ends the run at once with stop_reason
 * "tool_deferred". The person's answer restarts the parked run (Cast's restart delivery), a
 * restart runner (`cast runner --exec 'claude --resume {session} -p {message}'`) resumes the
 * conversation, and Claude Code runs the hook again for the same tool_use_id: this time the
 * card is found by that id (its request id) and its recorded answer is printed at once.
 */
import type { DecisionView } from '../../../domain/decision';
import { sessionDecisionRoutes } from '../../../domain/routes/session-decisions';
import { sessionRoutes } from '../../../domain/routes/sessions';
import { ApiError } from '../../api-error';
import type { Client } from '../../http';
import { hint } from '../../output';
import { verdictOf, type Answered } from './answer-verdict';

export type ParkedCall = { api: Client; session: string; toolUseId: string };

/** The card filed for this tool call on an earlier run, newest first; null when there is none (or no session yet). */
export async function cardOfCall(call: ParkedCall, signal: AbortSignal): Promise<DecisionView | null> {
  try {
    const { decisions } = await call.api.request(sessionDecisionRoutes.listSessionDecisions, { params: { id: call.session } }, signal);
    return decisions.map(({ decision }) => decision).find((decision) => decision.source?.id === call.toolUseId) ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.problem.code === 'session_not_found') return null;
    throw error;
  }
}

/** The recorded answer, given again on resume; null while the card is still open. */
export function recordedVerdict(card: DecisionView): Answered | null {
  return card.status === 'open' ? null : verdictOf(card);
}

/**
 * Makes the session's newest run a parked one, so an answer to any of its cards restarts it.
 * Done before the card is filed: an answer that came between the two would find no parked run
 * and restart nothing. A run already parked (an earlier deferred call) is kept.
 */
async function parkRun(call: ParkedCall, signal: AbortSignal): Promise<boolean> {
  try {
    const { session } = await call.api.request(sessionRoutes.getSession, { params: { id: call.session } }, signal);
    if (session.latestRun?.status === 'parked') return true;
    await call.api.request(sessionRoutes.reportRun, { params: { id: call.session }, body: { status: 'parked' } }, signal);
    return true;
  } catch (error) {
    // A session Cast has not seen yet is registered by the filing; the run is parked right after.
    if (error instanceof ApiError && error.problem.code === 'session_not_found') return false;
    throw error;
  }
}

/**
 * The whole headless answer: the recorded one when this call was filed before, else the card
 * filed (by `file`, which the caller's withdraw-on-failure path tracks) and "defer".
 */
export async function answerParked(call: ParkedCall, file: () => Promise<DecisionView>, signal: AbortSignal): Promise<Answered> {
  const earlier = await cardOfCall(call, signal);
  if (earlier) {
    const recorded = recordedVerdict(earlier);
    if (recorded) return recorded;
    await parkRun(call, signal);
    return deferred(earlier);
  }
  const parked = await parkRun(call, signal);
  const card = await file();
  if (!parked) await parkRun(call, signal);
  return deferred(card);
}

export function deferred(card: DecisionView): Answered {
  const reason = `Waiting in Cast (${card.id}) for a person's y / n; this run ends here and resumes with their answer.`;
  hint(`cast: ${card.id} "${card.question}" is in the Cast queue; deferring (claude -p ends, and resumes with the answer).`);
  return { decision: 'defer', reason };
}
