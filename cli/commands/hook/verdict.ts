/**
 * What the hook prints: one line of PreToolUse JSON on stdout, allow, deny or ask, with the
 * reason Claude Code shows. Loaded at start-up (a malformed command line is answered "ask"
 * before any action runs), so it imports nothing heavy.
 * Format: https://code.claude.com/docs/en/hooks ("PreToolUse decision control").
 */
export type PermissionDecision = 'allow' | 'deny' | 'ask';

export type Verdict = { decision: PermissionDecision; reason: string };

export const ask = (reason: string): Verdict => ({ decision: 'ask', reason });

/** The one line Claude Code reads from a PreToolUse hook that exits 0. */
export function preToolUseOutput(decision: PermissionDecision, reason: string): string {
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: reason },
  });
}

export function printVerdict(verdict: Verdict): void {
  process.stdout.write(`${preToolUseOutput(verdict.decision, verdict.reason)}\n`);
}
