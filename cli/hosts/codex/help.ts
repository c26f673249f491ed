/** The end of `cast hook codex --help`: what it prints in every case, and what Codex needs to run it. */
import { environmentHelp } from '../../help-text';

export function codexHookHelp(defaultTimeout: string): string {
  return `
Reads Codex's PermissionRequest hook JSON on stdin — Codex asks it wherever it would ask
a person to approve a call — and files the call as a blocking permission card ("Allow
Bash?") in the Cast queue, in the session of Codex's thread.

Prints one line of PermissionRequest JSON on stdout and exits 0, whatever happens:
  allow  the person approved the call in Cast
  deny   the person rejected it (their reason is the message Codex gives the model), or
         no answer from a person could be had:
           --timeout (default ${defaultTimeout}) passed; a card already filed is withdrawn
           SIGINT or SIGTERM, Cast unreachable or silent, the token or input refused,
           Cast failing, stdin not a PermissionRequest payload, a malformed command line
           the card withdrawn or archived in Cast without a y / n
It never prints nothing: Codex would then pass the call to its own approval path
(in codex exec --approve-for-me, an automatic reviewer), which no person answers.

Codex runs only hooks a person trusted (codex exec skips the others silently): after
cast install codex, open codex and trust it in /hooks. codex exec asks for approval,
and so runs this hook, only with --approve-for-me. Keep Codex's hook timeout above
--timeout: a hook Codex kills falls through to Codex's own approval path.

${environmentHelp({ CAST_SESSION: "the session to file in; unset, the payload's session_id (Codex's thread)" })}`;
}
