/**
 * Whether a person sits at the host's terminal. Claude Code tells its hooks: it sets
 * CLAUDE_CODE_SESSION_ATTENDED to "0" in `claude -p` and to "1" interactively (observed in
 * 2.1.332). Versions before that variable say `CLAUDE_CODE_ENTRYPOINT=sdk-…` for -p and the SDKs.
 * With nobody there, "ask in the terminal" means "do not run it", and the words say so.
 */
export function unattended(env: NodeJS.ProcessEnv = process.env): boolean {
  const attended = env.CLAUDE_CODE_SESSION_ATTENDED;
  if (attended !== undefined) return attended === '0';
  return env.CLAUDE_CODE_ENTRYPOINT?.startsWith('sdk') ?? false;
}

/**
 * What happens to a call Cast has no answer for. In a terminal Claude Code asks there; in
 * `claude -p` nobody can, and this sentence is what the model reads, so it must not promise a
 * terminal (issue 31 item 7).
 */
export function instead(): string {
  return unattended() ? 'The call did not run: this run has no terminal to ask in.' : 'Asking in the terminal instead.';
}
