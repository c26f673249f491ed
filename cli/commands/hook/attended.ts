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
