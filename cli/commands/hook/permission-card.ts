/**
 * A host's permission prompt as a card in the Cast queue, the part every door shares: file it
 * in the hook's session, wait for it to leave open, and take it out again when the hook stops
 * waiting. What a door prints for each outcome is its own (Claude Code: allow / deny / ask;
 * Codex: allow / deny).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { DecisionView } from '../../../domain/decision';
import { decisionRoutes } from '../../../domain/routes/decisions';
import { sessionDecisionRoutes } from '../../../domain/routes/session-decisions';
import { sessionRoutes } from '../../../domain/routes/sessions';
import { ApiError } from '../../api-error';
import type { Client } from '../../http';
import type { CardFate } from './ask-reason';
import type { StopReason } from './run-bound';

const SLICE_SECONDS = 25;
/** Withdrawing after --timeout may take this much longer; after a signal, less, so the hook ends within a second. */
const WITHDRAW_AFTER_TIMEOUT_MS = 2000;
const WITHDRAW_AFTER_SIGNAL_MS = 600;
/** How soon a hook whose filing was cut off looks again for the card Cast may still be filing. */
const LOOK_AGAIN_MS = 100;

/** The card being filed: its id is known once Cast answers; until then its request id finds it. */
export type Filing = {
  api: Client;
  session: string;
  /** The session's project, registered by the filing itself: one write per prompt (issue 31 item 1). */
  scope: string | undefined;
  requestId: string;
  card: DecisionView | null;
  /** When the hook stops waiting (its --timeout); null when something else waits (a parked run's restart). */
  waitsUntil: string | null;
  /** The session's parked run the card holds (a deferred call, park.ts): only its cards' answers restart it. */
  run?: string;
};

/** The tool call a card asks about, as the host's hook input names it. */
export type ToolCall = { tool_name: string; tool_input: Record<string, unknown> };

/**
 * Files the tool call as a permission card: the whole input goes, and Cast makes the card of it.
 * `alwaysAllows`: the rules the host keeps on an "always" approve, where it can keep one; the
 * card offers "Approve, and always allow" only then.
 */
export async function filePermission(
  filing: Filing,
  input: ToolCall,
  signal: AbortSignal,
  alwaysAllows: string[] = [],
): Promise<DecisionView> {
  const { decision } = await filing.api.request(
    sessionRoutes.fileHostPrompt,
    {
      params: { id: filing.session },
      body: {
        kind: 'permission',
        tool: input.tool_name,
        toolInput: input.tool_input,
        ...(filing.scope ? { scope: filing.scope } : {}),
        requestId: filing.requestId,
        ...(filing.waitsUntil ? { waitsUntil: filing.waitsUntil } : {}),
        ...(alwaysAllows.length ? { alwaysAllows } : {}),
        ...(filing.run ? { run: filing.run } : {}),
      },
    },
    signal,
  );
  return decision;
}

/** Long-polls until the card leaves open; the run's bound cuts it off. */
export async function answered(api: Client, card: DecisionView, signal: AbortSignal): Promise<DecisionView> {
  let decision = card;
  while (decision.status === 'open') {
    ({ decision } = await api.request(
      decisionRoutes.waitForDecision,
      { params: { id: card.id }, query: { timeout: SLICE_SECONDS } },
      signal,
    ));
  }
  return decision;
}

/**
 * After a stop or a failure: takes out a card the hook may have filed (a refusal means Cast
 * filed nothing; anything else, a stop or a lost connection, may have left one), quickly
 * after a signal, and says what became of it.
 */
export async function withdrawAfter(filing: Filing | null, error: unknown, stopped: StopReason | null): Promise<CardFate> {
  const mayHaveFiled = filing !== null && (filing.card !== null || !(error instanceof ApiError));
  if (!mayHaveFiled) return null;
  const card = { ...filing, cardId: filing.card?.id ?? null };
  return withdrawWithin(card, stopped?.kind === 'signal' ? WITHDRAW_AFTER_SIGNAL_MS : WITHDRAW_AFTER_TIMEOUT_MS);
}

/** A card as far as the hook knows it: its id once Cast answered the filing, else the filing's request id. */
export type CardRef = { api: Client; session: string; requestId: string; cardId: string | null };

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
 * it after the hook hung up — Esc in Claude Code's terminal while the card was on its way — so
 * a card (or the session it registers) not there yet is looked for again until `signal` ends the
 * search; the hook's time to withdraw is short, and a card never filed costs only that time.
 */
async function findFiled(filing: CardRef, signal: AbortSignal): Promise<string | null> {
  for (;;) {
    const found = await openCardOfRequest(filing, signal);
    if (found) return found;
    await sleep(LOOK_AGAIN_MS, undefined, { signal });
  }
}

async function openCardOfRequest(filing: CardRef, signal: AbortSignal): Promise<string | null> {
  try {
    const { decisions } = await filing.api.request(sessionDecisionRoutes.listSessionDecisions, { params: { id: filing.session } }, signal);
    const found = decisions.find(({ decision }) => decision.status === 'open' && decision.source?.id === filing.requestId);
    return found?.decision.id ?? null;
  } catch (error) {
    // The filing registers the session: not there yet, neither is the card.
    if (error instanceof ApiError && error.problem.code === 'session_not_found') return null;
    throw error;
  }
}

/** Withdraws the card; an answer that landed first wins and is returned instead. */
export async function withdraw(api: Client, id: string, signal: AbortSignal): Promise<DecisionView> {
  try {
    return (await api.request(decisionRoutes.withdrawDecision, { params: { id }, body: {} }, signal)).decision;
  } catch (error) {
    if (!(error instanceof ApiError) || (error.problem.code !== 'decision_not_open' && error.problem.code !== 'decision_archived'))
      throw error;
    return (await api.request(decisionRoutes.getDecision, { params: { id } }, signal)).decision;
  }
}

/** The person's y / n on the card, or null when it left open without one (withdrawn, archived). */
export function approvalOf(decision: DecisionView): { approved: boolean; reason: string } | null {
  const answer = decision.asks[0]?.answer;
  if (decision.status !== 'resolved' || answer?.value.kind !== 'approval') return null;
  return { approved: answer.value.decision === 'approve', reason: answer.reason ? `: ${answer.reason}` : '.' };
}
