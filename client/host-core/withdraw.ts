/**
 * Taking a card out of the queue when nobody waits for it any more (a stop, a cancel, a failure),
 * and saying what became of it. An answer that landed before the withdrawal wins and is returned.
 */
import type { DecisionView } from '../../domain/decision';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { pause } from '../retry-after';
import { refusalOf, type CastApi } from './cast-api';
import type { Filing } from './card';

/** How soon a withdrawal whose filing was cut off looks again for the card Cast may still be filing. */
const LOOK_AGAIN_MS = 100;

/**
 * What became of the card after a stop or a failure: none filed, taken out (or closed otherwise),
 * still in the queue, or not seen in time though Cast may still be filing it (`onItsWay`).
 */
export type CardFate = { id: string; decision: DecisionView } | { id: string; error: unknown } | { onItsWay: true } | null;

/** A card as far as its asker knows it: its id once Cast answered the filing, else the filing's request id. */
export type CardRef = { api: CastApi; session: string; requestId: string; cardId: string | null };

/**
 * After a stop or a failure: takes out a card the filing may have left (a refusal means Cast
 * filed nothing; anything else, a stop or a lost connection, may have left one), within `ms`.
 */
export function withdrawAfter(filing: Filing, error: unknown, ms: number): Promise<CardFate> {
  const mayHaveFiled = filing.card !== null || refusalOf(error) === null;
  if (!mayHaveFiled) return Promise.resolve(null);
  const { api, prompt } = filing;
  return withdrawWithin({ api, session: prompt.session, requestId: prompt.requestId, cardId: filing.card?.id ?? null }, ms);
}

/**
 * Takes the card out of the queue within `ms`, finding it by its request id if its filing was cut
 * off. A card not seen by then may still be on its way (Cast slow to file it): `onItsWay`, for a
 * keeper to take out once it arrives.
 */
export async function withdrawWithin(card: CardRef, ms: number): Promise<CardFate> {
  const signal = AbortSignal.timeout(ms);
  let id = card.cardId;
  try {
    id ??= await findFiled(card, signal);
    if (!id) return null;
    return { id, decision: await withdraw(card.api, id, signal) };
  } catch (error) {
    if (id) return { id, error: signal.aborted ? new Error(`no answer within ${ms} ms`) : error };
    return signal.aborted ? { onItsWay: true } : null;
  }
}

/**
 * The card of a filing that was cut off. Its request may have reached Cast, which goes on filing
 * it after the asker hung up — Esc in Claude Code's terminal while the card was on its way — so
 * a card (or the session it registers) not there yet is looked for again until `signal` ends the
 * search; the time to withdraw is short, and a card never filed costs only that time.
 */
async function findFiled(filing: CardRef, signal: AbortSignal): Promise<string | null> {
  for (;;) {
    const found = await openCardOfRequest(filing, signal);
    if (found) return found;
    await pause(LOOK_AGAIN_MS, signal);
  }
}

async function openCardOfRequest(filing: CardRef, signal: AbortSignal): Promise<string | null> {
  try {
    const { decisions } = await filing.api.request(sessionDecisionRoutes.listSessionDecisions, { params: { id: filing.session } }, signal);
    const found = decisions.find(({ decision }) => decision.status === 'open' && decision.source?.id === filing.requestId);
    return found?.decision.id ?? null;
  } catch (error) {
    // The filing registers the session: not there yet, neither is the card.
    if (refusalOf(error)?.code === 'session_not_found') return null;
    throw error;
  }
}

/** Withdraws the card; an answer that landed first wins and is returned instead. */
export async function withdraw(api: CastApi, id: string, signal: AbortSignal): Promise<DecisionView> {
  try {
    return (await api.request(decisionRoutes.withdrawDecision, { params: { id }, body: {} }, signal)).decision;
  } catch (error) {
    const code = refusalOf(error)?.code;
    if (code !== 'decision_not_open' && code !== 'decision_archived') throw error;
    return (await api.request(decisionRoutes.getDecision, { params: { id } }, signal)).decision;
  }
}
