/** The end of `cast hook claude-code --help`: what it prints in every case, and what it reads. */
import { environmentHelp } from '../../help-text';

export function claudeCodeHookHelp(defaultTimeout: string): string {
  return `
Reads the PreToolUse hook JSON on stdin and files the tool call as a blocking permission
card ("Allow Bash?") in the Cast queue. The whole tool input goes to Cast (up to 4,000
characters): the card shows a one-line summary and keeps the whole input as its context.

Prints one line of PreToolUse JSON on stdout and exits 0, whatever happens:
  allow  the person approved the call in Cast
  deny   the person rejected it; their reason is the permissionDecisionReason
  ask    no answer from a person; permissionDecisionReason says why, and Claude Code
         asks in the terminal instead:
           --timeout (default ${defaultTimeout}) passed: it bounds the whole run, connecting,
             filing and waiting; a card already filed is withdrawn
           SIGINT or SIGTERM: it ends within a second, withdrawing a filed card first
           Cast unreachable, or connected but not answering
           not signed in, or the token refused (401)
           the input refused (4xx: a NUL character, over 4,000 characters…)
           Cast failing (5xx), or rate-limiting past one short Retry-After
           stdin not a PreToolUse payload, or a malformed command line
           the card withdrawn or archived in Cast without a y / n
It never exits 2, which Claude Code reads as "block this call", and never exits 1
with nothing on stdout, which would let Claude Code's own rules run the call unasked.
In claude -p there is no terminal: "ask" says the call did not run, and Claude Code
does not run it.

Run as a PermissionRequest hook it prints that hook's decision (behavior allow, or
deny with the reason); an approve with "always" adds an allow rule through
updatedPermissions; no answer prints no decision, so Claude Code asks as usual.
AskUserQuestion (PreToolUse) becomes a choice decision; the answer is the tool's input.
Run as a PostToolUse or PostToolUseFailure hook (after the call) it prints nothing: a
PermissionRequest hook still waiting for that call (answered "Yes" in Claude Code's own
prompt) withdraws its card and ends.
--park, in claude -p (Claude Code 2.1.89+): files the card, parks the session's run and
prints "defer", so the run ends at once; resumed (cast runner), it answers from the card.
cast install claude-code writes these settings for the installed version.

${environmentHelp({ CAST_SESSION: "the session to file in; unset, the payload's session_id (the conversation)" })}`;
}
