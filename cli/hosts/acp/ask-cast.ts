/**
 * Asking the person through Cast on an ACP agent's behalf (issue 43 item 2), on the host core
 * (client/host-core/ask.ts): the agent's request becomes a HostPrompt — its tool, its input, its own
 * options — filed with no deadline (the agent waits as long as it takes), each in flight on its own
 * signal, which the proxy fires when the editor answered first, on `session/cancel`, or when it
 * stops; the core withdraws the card then.
 */
import { randomUUID } from 'node:crypto';
import type { PermissionOption } from '@agentclientprotocol/sdk';
import { hostSession } from '../../config';
import { ask, type AskOutcome } from '../../../client/host-core/ask';
import type { HostPrompt } from '../../../client/host-core/prompt';
import { withDeadlines } from '../common/request-deadline';
import type { Client } from '../../http';
import { hostClient } from '../one-shot/host-client';
import type { CardFields } from './permission-card';

export type CastPrompt = CardFields & {
  /** The agent's ACP session: the Cast session the card is filed in (CAST_SESSION overrides it). */
  acpSession: string;
  scope: string;
  options: readonly PermissionOption[];
  /** Told once the card is in the queue, for the proxy's hint. */
  onFiled?: (id: string, question: string) => void;
};

export function hostPrompt(prompt: CastPrompt): HostPrompt {
  return {
    session: hostSession(prompt.acpSession),
    scope: prompt.scope,
    // A fresh request id per ask: agents reuse their tool call ids from turn to turn.
    requestId: randomUUID(),
    tool: prompt.tool,
    toolInput: prompt.toolInput,
    deadline: null,
    options: prompt.options.map((option) => ({ id: option.optionId, kind: option.kind, name: option.name })),
    host: 'the ACP agent',
  };
}

/** The client to Cast for one ask, each request with its deadline; or, not signed in, why there is none. */
export function castApi(): { api: Client } | { failed: Extract<AskOutcome, { kind: 'failed' }> } {
  try {
    // The host's own door: a card taken out because the editor answered is recorded as `host-terminal`.
    return { api: withDeadlines(hostClient()) };
  } catch (error) {
    return { failed: { kind: 'failed', error, fate: null } };
  }
}

export async function askCast(prompt: CastPrompt, signal: AbortSignal): Promise<AskOutcome> {
  const cast = castApi();
  if ('failed' in cast) return cast.failed;
  return ask(hostPrompt(prompt), { api: cast.api, signal, onFiled: (card) => prompt.onFiled?.(card.id, card.question) });
}
