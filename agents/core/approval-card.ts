/**
 * A framework's tool call as a permission card in the Cast queue: filed in the conversation's
 * session (a Cast rule may answer it at filing), waited on by long-poll, and taken out again when
 * the program stops waiting. The same card the Claude Code and Codex hooks file, so rules on a
 * tool's name, command or path hold here too.
 */
import { randomUUID } from 'node:crypto';
import type { DecisionView } from '../../domain/decision';
import { decisionRoutes } from '../../domain/routes/decisions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { ProblemError } from '../../client/request';
import type { CastCalls } from './cast-connection';
import { answerOf, unasked, type CastAnswer } from './cast-answer';

/** Seconds each long-poll asks Cast to hold; Cast cuts it to its own maximum. */
const SLICE_SECONDS = 25;
/** How long taking a card out may take once the program stopped waiting. */
const WITHDRAW_WITHIN_MS = 2000;

/** A tool call to ask about: the tool's name, its whole input, and the framework's id for the call. */
export type ToolCallAsk = {
  tool: string;
  input: unknown;
  /** The framework's call id: the card's source id, so the card names the call it asks about. */
  callId?: string;
};

/** Where a card goes: the conversation's session in Cast, and its project. */
export type CardPlace = { session: string; scope?: string | undefined };

/** The framework's input as Cast's `toolInput` (an object): anything else is wrapped. */
function toolInputOf(input: unknown): Record<string, unknown> {
  return input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : { input };
}

export async function fileApproval(calls: CastCalls, place: CardPlace, call: ToolCallAsk, signal?: AbortSignal): Promise<DecisionView> {
  const { decision } = await calls.send(
    sessionRoutes.fileHostPrompt,
    {
      params: { id: place.session },
      body: {
        kind: 'permission',
        tool: call.tool,
        toolInput: toolInputOf(call.input),
        requestId: call.callId ?? randomUUID(),
        ...(place.scope ? { scope: place.scope } : {}),
      },
    },
    signal,
  );
  return decision;
}

/** Long-polls until the card leaves open, and says what its answer means. */
export async function waitForAnswer(calls: CastCalls, decisionId: string, signal?: AbortSignal): Promise<CastAnswer> {
  for (;;) {
    const { decision } = await calls.send(
      decisionRoutes.waitForDecision,
      { params: { id: decisionId }, query: { timeout: SLICE_SECONDS } },
      signal,
    );
    const answer = answerOf(decision);
    if (answer) return answer;
  }
}

/** The card's answer now, without waiting: null while it is open. */
export async function answerNow(calls: CastCalls, decisionId: string, signal?: AbortSignal): Promise<CastAnswer | null> {
  const { decision } = await calls.send(decisionRoutes.getDecision, { params: { id: decisionId } }, signal);
  return answerOf(decision);
}

/**
 * Takes the card out of the queue; an answer that landed first stands and is returned. A failure
 * to take it out is no answer: null, and the card's own wait (or a person) settles it.
 */
export async function withdrawCard(calls: CastCalls, decisionId: string): Promise<CastAnswer | null> {
  const signal = AbortSignal.timeout(WITHDRAW_WITHIN_MS);
  try {
    const { decision } = await calls.send(decisionRoutes.withdrawDecision, { params: { id: decisionId }, body: {} }, signal);
    const answer = answerOf(decision);
    return answer?.by === 'nobody' ? null : answer;
  } catch (error) {
    const settled = error instanceof ProblemError && (error.code === 'decision_not_open' || error.code === 'decision_archived');
    return settled ? answerNow(calls, decisionId, signal).catch(() => null) : null;
  }
}

/**
 * Files the call and waits for its answer: a rule's at once, else a person's. Fails closed:
 * Cast unreachable or refusing is a deny with the reason, never an approve. `signal` stops the
 * wait: the card is taken out (an answer that beat it still counts) and the abort is thrown.
 */
export async function askCast(calls: CastCalls, place: CardPlace, call: ToolCallAsk, signal?: AbortSignal): Promise<CastAnswer> {
  let card: DecisionView | null = null;
  try {
    card = await fileApproval(calls, place, call, signal);
    return answerOf(card) ?? (await waitForAnswer(calls, card.id, signal));
  } catch (error) {
    if (signal?.aborted) {
      const landed = card ? await withdrawCard(calls, card.id) : null;
      if (landed) return landed;
      throw error;
    }
    // A card filed and then lost track of is taken out, so nobody answers a call that will not run;
    // an answer that beat the withdrawal stands.
    const landed = card ? await withdrawCard(calls, card.id) : null;
    return landed ?? unasked(error, card?.id ?? null);
  }
}
