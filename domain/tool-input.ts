/**
 * What a tool call does, in one text, from the host's whole tool input: Bash's command, a
 * file's path, a URL… — whole, newlines and all: a person must see everything they approve, so
 * nothing is cut here. A permission card's context is this text (the card shows the rest of the
 * input beside it: a Write's content, an Edit's diff, Bash's description).
 */

/** Fields that say what a tool call does, most telling first. */
const TELLING_FIELDS = ['command', 'file_path', 'notebook_path', 'url', 'query', 'pattern', 'path', 'description', 'prompt'] as const;

/** `rm -rf build/`, `/repo/src/app.ts`, or the input as compact JSON for a tool we do not know. */
export function toolInputText(input: Record<string, unknown>): string | undefined {
  const field = TELLING_FIELDS.find((name) => typeof input[name] === 'string' && input[name].trim() !== '');
  let text = field ? (input[field] as string).trim() : Object.keys(input).length > 0 ? JSON.stringify(input) : '';
  // Grep and Glob: the pattern, and where.
  if ((field === 'pattern' || field === 'query') && typeof input.path === 'string' && input.path.trim()) text += ` in ${input.path.trim()}`;
  return text || undefined;
}
