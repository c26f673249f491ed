/**
 * `cast hook claude-code --park` in a run nobody attends (`claude -p`, issue 31 item 10): rather
 * than hold the run open for --timeout, the hook files its card, parks the session's run, and
 * answers "defer" — Claude Code (2.1.89 and later) ends the run at once with stop_reason
 * "tool_deferred". The person's answer restarts the parked run (Cast's restart delivery), a
 * restart runner (`cast runner --exec 'claude --resume {session} -p {message}'`) resumes the
 * conversation, and Claude Code runs the hook again for the same tool_use_id: this time the
 * card is found by that id (its request id) and its recorded answer is printed at once.
 *
 * The card is linked to the run it parks, so only its own answer (and that of any other card
 * the run waits on) restarts the run, never another decision of the session (issue 38 item 4).
 * A resume the card cannot serve — the card closed without a y / n, or the session is running
 * again while the card is still open — denies the call and says so: it did not run.
 */
import type { DecisionView } from '../../../domain/decision';
import { sessionDecisionRoutes } from '../../../domain/routes/session-decisions';
import { sessionRoutes } from '../../../domain/routes/sessions';
import { ApiError } from '../../api-error';
import type { Client } from '../../http';
import { hint } from '../../output';
import { verdictOf, type Answered } from './answer-verdict';

export type ParkedCall = { api: Client; session: string; toolUseId: string; scope: string | undefined };

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

/**
 * The recorded answer, given again on resume; null while the card is still open. A card that
 * closed without a y / n (withdrawn, archived) denies: the call did not run, and the model is told.
 */
export function recordedVerdict(card: DecisionView): Answered | null {
  if (card.status === 'open') return null;
  const verdict = verdictOf(card);
  return verdict.decision === 'ask' ? { decision: 'deny', reason: closedWithoutAnswer(card) } : verdict;
}

export function closedWithoutAnswer(card: DecisionView): string {
  return `${card.id} was ${card.status} in Cast without a y / n, so this call did not run. Ask for it again if it is still needed.`;
}

/**
 * The session's parked run, parked now if its newest run is not: the card is filed linked to it,
 * so only the answers to the cards it waits on restart it. Done before the card is filed: an
 * answer that came between the two would find no parked run and restart nothing. A run already
 * parked (an earlier deferred call) is kept, and waits on both cards. A session Cast has not seen
 * yet is registered first (with the project it works in), so that the run can be reported.
 */
async function parkRun(call: ParkedCall, signal: AbortSignal): Promise<string> {
  try {
    const { session } = await call.api.request(sessionRoutes.getSession, { params: { id: call.session } }, signal);
    if (session.latestRun?.status === 'parked') return session.latestRun.id;
  } catch (error) {
    if (!(error instanceof ApiError) || error.problem.code !== 'session_not_found') throw error;
    const body = call.scope ? { scope: call.scope } : {};
    await call.api.request(sessionRoutes.putSession, { params: { id: call.session }, body }, signal);
  }
  const { run } = await call.api.request(sessionRoutes.reportRun, { params: { id: call.session }, body: { status: 'parked' } }, signal);
  return run.id;
}

/** Whether the session runs again, on a run that is not waiting for this open card (its newest run is not parked). */
async function runningWithout(call: ParkedCall, signal: AbortSignal): Promise<boolean> {
  const { session } = await call.api.request(sessionRoutes.getSession, { params: { id: call.session } }, signal);
  return session.latestRun !== null && session.latestRun.status !== 'parked';
}

/**
 * The whole headless answer: the recorded one when this call was filed before, else the card
 * filed (by `file`, linked to the parked run; the caller's withdraw-on-failure path tracks it)
 * and "defer". `withdraw` takes an open card out when the session was resumed without it.
 */
export async function answerParked(
  call: ParkedCall,
  file: (run: string) => Promise<DecisionView>,
  withdraw: (card: DecisionView) => Promise<DecisionView>,
  signal: AbortSignal,
): Promise<Answered> {
  const earlier = await cardOfCall(call, signal);
  if (earlier) {
    const recorded = recordedVerdict(earlier);
    if (recorded) return recorded;
    // Resumed by something other than this card's answer (a run started by hand, Run now):
    // deferring again would leave Claude Code without the call's result. It cannot run now, so
    // the card is taken out and the model told — never an "Approved" later for a call that is gone.
    if (await runningWithout(call, signal)) return notResumable(await withdraw(earlier));
    await parkRun(call, signal);
    return deferred(earlier);
  }
  const card = await file(await parkRun(call, signal));
  return deferred(card);
}

/** The card, once the hook tried to take it out: an answer that landed first still decides. */
function notResumable(card: DecisionView): Answered {
  if (card.status === 'resolved') return verdictOf(card);
  const reason = `${card.id} had no answer in Cast when this session ran again, so this call did not run and ${card.id} was ${card.status}. Ask for it again if it is still needed.`;
  hint(`cast: ${reason}`);
  return { decision: 'deny', reason };
}

export function deferred(card: DecisionView): Answered {
  const reason = `Waiting in Cast (${card.id}) for a person's y / n; this run ends here and resumes with their answer.`;
  hint(`cast: ${card.id} "${card.question}" is in the Cast queue; deferring (claude -p ends, and resumes with the answer).`);
  return { decision: 'defer', reason };
}
