/**
 * The `cast runner --exec` template: a shell command with {session}, {message} and {run}
 * placeholders. Each is replaced by its value single-quoted for sh, so nothing in a message
 * (quotes, `$(…)`, backticks, newlines) is ever parsed as shell. A placeholder inside quotes
 * or after `$` would be re-read by the shell, so those templates are refused up front.
 */
import { usageError } from '../../output';

export const PLACEHOLDERS = ['session', 'message', 'run'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type TemplateValues = Record<Placeholder, string>;

type Part = { text: string } | { placeholder: Placeholder };
export type CommandTemplate = { source: string; parts: Part[] };

/** `it's` → `'it'\''s'`: the one quoting sh never interprets inside. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

function placeholderAt(source: string, index: number): Placeholder | null {
  return PLACEHOLDERS.find((name) => source.startsWith(`{${name}}`, index)) ?? null;
}

export function parseTemplate(source: string): CommandTemplate {
  if (!source.trim()) throw usageError("--exec needs a command, e.g. --exec 'claude --resume {session} -p {message}'.");
  const parts: Part[] = [];
  let text = '';
  let quote: "'" | '"' | null = null;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    const placeholder = placeholderAt(source, index);
    if (placeholder) {
      if (quote) throw usageError(`--exec: write {${placeholder}} outside quotes; the runner quotes it (${source}).`);
      if (source[index - 1] === '$')
        throw usageError(`--exec: write {${placeholder}}, not \${${placeholder}}; the runner quotes it (${source}).`);
      parts.push({ text }, { placeholder });
      text = '';
      index += placeholder.length + 1;
      continue;
    }
    text += char;
    if (char === '\\' && quote !== "'" && index + 1 < source.length) {
      text += source[index + 1];
      index += 1;
    } else if (quote === null && (char === "'" || char === '"')) {
      quote = char;
    } else if (char === quote) {
      quote = null;
    }
  }
  if (quote) throw usageError(`--exec: a ${quote} quote is never closed (${source}).`);
  parts.push({ text });
  return { source, parts: parts.filter((part) => !('text' in part) || part.text !== '') };
}

export function composeCommand(template: CommandTemplate, values: TemplateValues): string {
  return template.parts.map((part) => ('text' in part ? part.text : shellQuote(values[part.placeholder]))).join('');
}
