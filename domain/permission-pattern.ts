/**
 * What a host's permission prompt asks to do, as a pattern the recurring rule can cluster on
 * (issue 39 item 3): every "Allow Bash?" reads the same, so the prompt's words cannot tell
 * `git status` from `rm -rf build`. The pattern is the tool plus the part of its input a host's
 * allow rule would name — Bash by its command's first word (two for a command that takes a
 * subcommand: `git push`, `npm run`), Write / Edit / Read by the file's directory, a fetch by
 * its host — so prompts cluster by what they would do, never with anything else.
 */

/** Commands whose second word is what they do: `git status` and `git push` are different asks. */
const SUBCOMMANDS = new Set([
  'apt',
  'apt-get',
  'brew',
  'bun',
  'cargo',
  'docker',
  'gh',
  'git',
  'go',
  'helm',
  'kubectl',
  'make',
  'npm',
  'npx',
  'pip',
  'pip3',
  'pnpm',
  'poetry',
  'terraform',
  'uv',
  'yarn',
]);
/** Words that only wrap the command that follows them. */
const WRAPPERS = new Set(['sudo', 'env', 'time', 'nohup', 'exec', 'command']);

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** `git push`, `rm`, `npm run`: the command's leading word(s), past env assignments and wrappers. */
export function commandPattern(command: string): string {
  const words = command.trim().split(/\s+/);
  let at = 0;
  while (at < words.length && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[at]!) || WRAPPERS.has(words[at]!))) at += 1;
  const first = words[at];
  if (!first) return '';
  const head = first.replace(/^.*\//, '');
  const second = words[at + 1];
  return SUBCOMMANDS.has(head) && second && /^[a-z][\w:-]*$/.test(second) ? `${head} ${second}` : head;
}

/** The directory of a file path (`src/ui` of `src/ui/app.tsx`); a bare name is its own directory, `.`. */
export function directoryOf(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut < 0 ? '.' : cut === 0 ? '/' : trimmed.slice(0, cut);
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

/**
 * The part of a permission prompt's input its cluster is keyed by, or null when the input says
 * nothing telling (the tool alone then keys it). `input` is the host's own summary, used when
 * it sent no tool input.
 */
export function permissionPattern(
  tool: string,
  toolInput: Record<string, unknown> | null | undefined,
  input: string | null,
): string | null {
  const command = text(toolInput?.command) ?? (tool === 'Bash' ? input : null);
  if (command) return commandPattern(command) || null;
  const path = text(toolInput?.file_path) ?? text(toolInput?.notebook_path) ?? text(toolInput?.path);
  if (path) return directoryOf(path);
  const url = text(toolInput?.url);
  if (url) return hostOf(url);
  return null;
}
