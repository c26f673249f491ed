/**
 * What `cast hook codex` prints: one line of Codex hook JSON on stdout. Codex reads a
 * PermissionRequest hook's `decision` as allow or deny, and nothing else: `updatedInput`,
 * `updatedPermissions` and `interrupt` make the hook fail (Codex 0.171.0), so they are never
 * sent. Run as a PreToolUse hook by mistake it can only deny, the one PreToolUse answer Codex
 * honours. Loaded at start-up (a malformed command line is refused before any action runs), so
 * it imports nothing heavy.
 * Format: https://developers.openai.com/codex/hooks ("PermissionRequest").
 */
export type CodexEvent = 'PermissionRequest' | 'PreToolUse';

export type CodexVerdict = { behavior: 'allow'; reason: string } | { behavior: 'deny'; reason: string };

/** What every refusal ends with: no person's answer means the call does not run. */
export const NOBODY_APPROVED = 'Nobody approved this call in Cast, so Codex does not run it.';

export const deny = (reason: string): CodexVerdict => ({ behavior: 'deny', reason });

export function codexOutput(event: CodexEvent, verdict: CodexVerdict): string {
  if (event === 'PreToolUse') {
    // Codex honours only deny here (allow and ask make the hook fail and the call run).
    return JSON.stringify({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: verdict.reason },
    });
  }
  const decision = verdict.behavior === 'allow' ? { behavior: 'allow' } : { behavior: 'deny', message: verdict.reason };
  return JSON.stringify({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision } });
}

export function printCodexVerdict(event: CodexEvent, verdict: CodexVerdict): void {
  process.stdout.write(`${codexOutput(event, verdict)}\n`);
}
