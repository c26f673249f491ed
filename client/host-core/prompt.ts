/**
 * A host's permission prompt, host-neutral: what an agent host (Claude Code's hook, Codex's hook,
 * an ACP agent's `session/request_permission`) asks a person, as the core files it. A host's
 * folder builds one from its own payload; the core never sees the payload.
 */

/** The answers a host may take, in ACP's words (its `PermissionOptionKind`), which the others are a subset of. */
export type OptionKind = 'allow_once' | 'allow_always' | 'reject_once' | 'reject_always';

/**
 * One answer the host offers: its own id (ACP's `optionId`; a hook's "allow" / "deny"), its kind,
 * and its words. `keeps`, on an `allow_always`: what the host keeps when it is chosen, in the host's
 * own notation (`Bash(touch a.txt)`), shown on the card beside "Approve, and always allow".
 */
export type HostOption = { id: string; kind: OptionKind; name: string; keeps?: string[] };

export type HostPrompt = {
  /** Cast's session for the host's conversation; filing registers it. */
  session: string;
  /** The project the session works in, registered with it. */
  scope?: string;
  /** The host's id for this call: the card is found by it when its filing was cut off. */
  requestId: string;
  tool: string;
  toolInput: Record<string, unknown>;
  /** When the host stops waiting (ISO time): recorded on the card, and Cast withdraws it past then. Null: someone picks the answer up whenever it comes. */
  deadline: string | null;
  /** What the host lets the person answer; the card offers "always" only when one of them is `allow_always`. */
  options: HostOption[];
  /** The host's name in words ("Claude Code", "Codex"), for the sentences said about the prompt. */
  host?: string;
  /**
   * The host runs the tool input as the person edits it (Claude Code's PermissionRequest
   * `updatedInput`, issue 43 item 6): only then does the card offer "Edit, then approve".
   */
  editable?: boolean;
  /** The session's parked run this card holds (a deferred `claude -p` call): only its cards' answers restart the run. */
  run?: string;
};

/** What a hook that can only allow or deny offers (Codex; Claude Code's PreToolUse). */
export const ALLOW_OR_DENY: HostOption[] = [
  { id: 'allow', kind: 'allow_once', name: 'Allow' },
  { id: 'deny', kind: 'reject_once', name: 'Deny' },
];
