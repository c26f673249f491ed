/**
 * A framework's tool call asked in the Cast queue through the host core (client/host-core/), as
 * the Claude Code, Codex and ACP hosts ask theirs: the same permission card, filed in the
 * conversation's session (a Cast rule may answer it at filing), waited on by long-poll, and taken
 * out again when the program stops waiting. Rules on a tool's name, command or path hold here too.
 */
import { randomUUID } from 'node:crypto';
import { ask } from '../../client/host-core/ask';
import type { CastApi } from '../../client/host-core/cast-api';
import { closedById, filePermission } from '../../client/host-core/card';
import { ALLOW_OR_DENY, type HostPrompt } from '../../client/host-core/prompt';
import type { DecisionView } from '../../domain/decision';
import { decisionRoutes } from '../../domain/routes/decisions';
import { castAnswerOf, unasked, type CastAnswer } from './cast-answer';

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

/** The call as the core's host prompt: a framework can only run or refuse it, and waits as long as it is told to. */
function promptOf(place: CardPlace, call: ToolCallAsk): HostPrompt {
  return {
    session: place.session,
    ...(place.scope ? { scope: place.scope } : {}),
    requestId: call.callId ?? randomUUID(),
    tool: call.tool,
    toolInput: toolInputOf(call.input),
    deadline: null,
    options: ALLOW_OR_DENY,
  };
}

/**
 * How long taking the card out may take once the program stopped waiting: a program has no
 * host's bound to keep to, and a card left open would wait for a person about a call that will
 * not run, so a busy Cast gets longer than a hook's 2 s.
 */
const WITHDRAW_WITHIN_MS = 10_000;

/** A signal that never fires, for a caller that gives none. */
const never = (): AbortSignal => new AbortController().signal;

export function fileApproval(api: CastApi, place: CardPlace, call: ToolCallAsk, signal?: AbortSignal): Promise<DecisionView> {
  return filePermission(api, promptOf(place, call), signal ?? never());
}

/** Long-polls until the card leaves open, and says what its answer means. */
export async function waitForAnswer(api: CastApi, decisionId: string, signal?: AbortSignal): Promise<CastAnswer> {
  return castAnswerOf(await closedById(api, decisionId, signal ?? never()))!;
}

/** The card's answer now, without waiting: null while it is open. */
export async function answerNow(api: CastApi, decisionId: string, signal?: AbortSignal): Promise<CastAnswer | null> {
  const { decision } = await api.request(decisionRoutes.getDecision, { params: { id: decisionId } }, signal);
  return castAnswerOf(decision);
}

/**
 * Files the call and waits for its answer: a rule's at once, else a person's. Fails closed:
 * Cast unreachable or refusing is a deny with the reason, never an approve. `signal` stops the
 * wait: the card is taken out (an answer that beat it still counts) and the abort is thrown.
 */
export async function askCast(api: CastApi, place: CardPlace, call: ToolCallAsk, signal?: AbortSignal): Promise<CastAnswer> {
  const outcome = await ask(promptOf(place, call), { api, signal: signal ?? never(), withdrawWithinMs: () => WITHDRAW_WITHIN_MS });
  switch (outcome.kind) {
    case 'answered':
    case 'withdrawn':
      return castAnswerOf(outcome.decision)!;
    case 'stopped':
      throw outcome.reason;
    case 'failed':
      return unasked(outcome.error, outcome.fate && 'id' in outcome.fate ? outcome.fate.id : null);
  }
}
