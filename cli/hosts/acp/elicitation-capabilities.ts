/**
 * Elicitation in the client's `initialize` (issue 43 item 2). Cast answers the agent's questions
 * (`elicitation/create`) in its queue, so it tells the agent the client takes both modes, form and
 * URL, whatever the editor said; the editor's own capability object is kept as it was otherwise.
 * What the editor itself advertised decides whether it is asked too: ACP lets a mode count only
 * when it is present and not null (`{}` advertises none).
 */
import type { ClientCapabilities, ElicitationCapabilities } from '@agentclientprotocol/sdk';

export type ElicitationModes = { form: boolean; url: boolean };

export const NO_MODES: ElicitationModes = { form: false, url: false };

/** The modes the editor takes, from its `initialize` params. */
export function editorModes(params: unknown): ElicitationModes {
  const elicitation = (params as { clientCapabilities?: ClientCapabilities | null } | null | undefined)?.clientCapabilities?.elicitation;
  return { form: elicitation?.form != null, url: elicitation?.url != null };
}

/** The editor's `initialize` params with form and URL elicitation advertised. */
export function withElicitation(params: unknown): unknown {
  if (!params || typeof params !== 'object') return params;
  const { clientCapabilities, ...rest } = params as { clientCapabilities?: ClientCapabilities | null };
  const elicitation: ElicitationCapabilities = { ...clientCapabilities?.elicitation };
  elicitation.form ??= {};
  elicitation.url ??= {};
  return { ...rest, clientCapabilities: { ...clientCapabilities, elicitation } };
}
