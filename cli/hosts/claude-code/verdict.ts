/**
 * What the hook prints: one line of JSON on stdout in the shape of the hook event it was run
 * for — PreToolUse's allow, deny, ask or defer, or PermissionRequest's allow or deny — with the
 * reason Claude Code shows. Loaded at start-up (a malformed command line is answered "ask"
 * before any action runs), so it imports nothing heavy.
 * Format: https://code.claude.com/docs/en/hooks ("PreToolUse decision control", "PermissionRequest decision control").
 */
import { unattended } from './attended';

export type PermissionDecision = 'allow' | 'deny' | 'ask' | 'defer';

/** A rule Claude Code writes into its settings when an answer says "always" (its PermissionUpdate). */
export type PermissionUpdate = {
  type: 'addRules';
  rules: { toolName: string; ruleContent?: string }[];
  behavior: 'allow';
  destination: 'localSettings';
};

export type Verdict = {
  decision: PermissionDecision;
  reason: string;
  always?: PermissionUpdate[];
  /** PreToolUse allow: the tool's input as it should run (AskUserQuestion's answers). */
  updatedInput?: Record<string, unknown>;
};

/** The hook events `cast hook claude-code` answers. */
export type HookEvent = 'PreToolUse' | 'PermissionRequest';

export const ask = (reason: string): Verdict => ({ decision: 'ask', reason });

/** The one line Claude Code reads from a PreToolUse hook that exits 0. */
export function preToolUseOutput(decision: PermissionDecision, reason: string, updatedInput?: Record<string, unknown>): string {
  return JSON.stringify({
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: decision,
      permissionDecisionReason: reason,
      ...(decision === 'allow' && updatedInput ? { updatedInput } : {}),
    },
    // Shown under the call in the terminal ("PreToolUse:Bash says: Approved in Cast (sd-12)."); an
    // "ask" already shows its reason in the prompt. The model never sees it.
    ...(decision === 'ask' ? {} : { systemMessage: reason }),
  });
}

/**
 * PermissionRequest has no "ask": printing no decision lets Claude Code ask as it would have
 * without the hook. With nobody at a terminal (`claude -p`), that would deny with Claude Code's
 * own words, so the hook denies with its reason instead.
 */
export function permissionRequestOutput(verdict: Verdict, headless = unattended()): string {
  if (verdict.decision === 'ask' && !headless) return JSON.stringify({ systemMessage: verdict.reason });
  const decision =
    verdict.decision === 'allow'
      ? { behavior: 'allow', ...(verdict.always?.length ? { updatedPermissions: verdict.always } : {}) }
      : { behavior: 'deny', message: verdict.reason };
  return JSON.stringify({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision }, systemMessage: verdict.reason });
}

export function printVerdict(verdict: Verdict, event: HookEvent = 'PreToolUse'): void {
  const line =
    event === 'PermissionRequest'
      ? permissionRequestOutput(verdict)
      : preToolUseOutput(verdict.decision, verdict.reason, verdict.updatedInput);
  process.stdout.write(`${line}\n`);
}
