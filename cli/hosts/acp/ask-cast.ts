/**
 * Asking the person through Cast on the agent's behalf (issue 43 item 2): file the permission
 * card, wait until it leaves open, and withdraw it when the wait is called off (the editor
 * answered, `session/cancel`, the proxy stopping). Written on the hook's primitives
 * (cli/commands/hook/permission-card.ts) until the host-neutral core lands; this file is the one
 * to swap for it.
 */
import { randomUUID } from 'node:crypto';
import { ApiError } from '../../api-error';
import { hostSession } from '../../config';
import { withDeadlines } from '../../commands/hook/request-deadline';
import { answered, filePermission, withdrawWithin, type Filing } from '../../commands/hook/permission-card';
import { connect } from '../../commands/decide/target';
import type { CastAnswer } from './permission-outcome';
import type { CardFields } from './permission-card';

/** How long taking a card out may take once the wait is called off. */
const WITHDRAW_WITHIN_MS = 2000;

export type CastPrompt = CardFields & {
  /** The agent's ACP session: the Cast session the card is filed in (CAST_SESSION overrides it). */
  acpSession: string;
  scope: string;
  /** Told once the card is in the queue (its id), for the proxy's hint. */
  onFiled?: (id: string, question: string) => void;
};

/** The card's fate; `signal` calls the wait off, and the card is withdrawn before this returns. */
export async function askCast(prompt: CastPrompt, signal: AbortSignal): Promise<CastAnswer> {
  let filing: Filing | null = null;
  try {
    // The host's own door: a card taken out because the editor answered is recorded as `host-terminal`.
    const api = withDeadlines(connect('host-terminal'));
    // A fresh request id per ask: the agent reuses its tool call ids from turn to turn.
    filing = { api, session: hostSession(prompt.acpSession), scope: prompt.scope, requestId: randomUUID(), card: null, waitsUntil: null };
    const call = { tool_name: prompt.tool, tool_input: prompt.toolInput };
    filing.card = await filePermission(filing, call, signal, prompt.alwaysAllows);
    prompt.onFiled?.(filing.card.id, filing.card.question);
    return { kind: 'answered', decision: await answered(api, filing.card, signal) };
  } catch (error) {
    // A refusal means Cast filed nothing; anything else (called off, a lost connection) may have left a card.
    const mayHaveFiled = filing !== null && (filing.card !== null || !(error instanceof ApiError));
    const fate = mayHaveFiled ? await withdrawWithin({ ...filing!, cardId: filing!.card?.id ?? null }, WITHDRAW_WITHIN_MS) : null;
    // An answer that landed before the withdrawal stands.
    if (fate && 'decision' in fate && fate.decision.status === 'resolved') return { kind: 'answered', decision: fate.decision };
    if (signal.aborted) return { kind: 'unanswered', why: 'the wait was called off' };
    return { kind: 'unanswered', why: `Cast could not be asked: ${error instanceof Error ? error.message : String(error)}` };
  }
}
