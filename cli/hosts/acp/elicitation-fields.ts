/**
 * One property of an ACP form elicitation (issue 43 item 2) as one ask on the Cast card, and what
 * its answer must be to go back to the agent. ACP's restricted JSON Schema has five kinds of
 * property; each becomes the ask the person answers most directly:
 *   string with `enum` / `oneOf` → a choice of those values (a `oneOf` option by its title);
 *   boolean → a choice of Yes / No;
 *   array of `enum` / `anyOf` items → a choice allowing several (`minItems` / `maxItems` its bounds);
 *   string, number, integer → a fact the person types, its bounds said beside it.
 * A property the schema lists as required is a required ask; the others are optional.
 */
import type { ElicitationPropertySchema, EnumOption, StringFormat } from '@agentclientprotocol/sdk';
import type { z } from 'zod';
import type { Ask } from '../../../domain/ask-schema';

export type AskInput = z.input<typeof Ask>;

/** What an answer to the property's ask must be; `name` says which field in a sentence. */
export type Field = { key: string; name: string; required: boolean } & (
  | { kind: 'text'; minLength?: number; maxLength?: number; pattern?: string; format?: StringFormat }
  | { kind: 'number'; integer: boolean; minimum?: number; maximum?: number }
  /** `values[n - 1]` is what option n sends. */
  | { kind: 'choice'; values: string[] }
  | { kind: 'choices'; values: string[]; minItems?: number; maxItems?: number }
  | { kind: 'boolean' }
);

const PROMPT_MAX = 1000;
const CONTEXT_MAX = 4000;
const CONSEQUENCE_MAX = 1000;

/** Text cut to `max` characters, the cut marked. */
export function clip(text: string, max: number): string {
  const characters = [...text];
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

const given = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

/** Only what the schema sets: an absent or null bound is no bound. */
function some<T extends object>(fields: T): Partial<{ [K in keyof T]: NonNullable<T[K]> }> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => given(value))) as Partial<{ [K in keyof T]: NonNullable<T[K]> }>;
}

const FORMAT_WORDS: Record<StringFormat, string> = {
  email: 'An email address.',
  uri: 'A URI, such as https://example.com/page.',
  date: 'A date, written YYYY-MM-DD.',
  'date-time': 'A date and time, written as ISO 8601 (2026-08-22T15:30:00Z).',
};

/** What the person must type, in words, so the answer fits the first time. */
export function boundsWords(field: Field): string[] {
  if (field.kind === 'text') {
    const length =
      field.minLength !== undefined && field.maxLength !== undefined
        ? `${field.minLength} to ${field.maxLength} characters.`
        : field.minLength !== undefined
          ? `At least ${field.minLength} characters.`
          : field.maxLength !== undefined
            ? `At most ${field.maxLength} characters.`
            : null;
    return [
      ...(field.format ? [FORMAT_WORDS[field.format]] : []),
      ...(length ? [length] : []),
      ...(field.pattern !== undefined ? [`Must match the pattern ${field.pattern}`] : []),
    ];
  }
  if (field.kind === 'number') {
    const what = field.integer ? 'A whole number' : 'A number';
    const { minimum: low, maximum: high } = field;
    if (low !== undefined && high !== undefined) return [`${what} from ${low} to ${high}.`];
    if (low !== undefined) return [`${what}, ${low} or more.`];
    if (high !== undefined) return [`${what}, ${high} or less.`];
    return [`${what}.`];
  }
  return [];
}

function defaultWords(property: Record<string, unknown>, labelOf: (value: unknown) => string = String): string[] {
  const value = property.default;
  if (!given(value) || (Array.isArray(value) && value.length === 0)) return [];
  return [`The agent's default: ${Array.isArray(value) ? value.map(labelOf).join(', ') : labelOf(value)}.`];
}

function optionsOf(values: readonly string[], titled: readonly EnumOption[] | null | undefined) {
  if (titled?.length)
    return titled.map((option) => ({
      label: option.title,
      ...(option.description?.trim() ? { consequence: clip(option.description, CONSEQUENCE_MAX) } : {}),
    }));
  return values.map((value) => ({ label: value }));
}

/** The ask and what its answer must be, or why Cast cannot show the property. */
export function fieldOf(
  key: string,
  property: ElicitationPropertySchema,
  required: boolean,
): { field: Field; ask: AskInput } | { why: string } {
  // Read loosely: ACP lets a property carry a type it has not named yet (`_custom`), refused below.
  const p = property as Record<string, unknown>;
  const title = typeof p.title === 'string' && p.title.trim() ? p.title.trim() : null;
  const description = typeof p.description === 'string' && p.description.trim() ? p.description.trim() : null;
  const name = title ?? key;
  const base = { key, name, required };
  // The title is the question; without one the description is, and the key last.
  const prompt = clip(title ?? description ?? key, PROMPT_MAX);
  const about = title ? description : null;
  const ask = (field: Field, rest: Record<string, unknown>, extra: string[] = []): { field: Field; ask: AskInput } => {
    const context = [...(about ? [about] : []), ...boundsWords(field), ...extra].join('\n');
    return { field, ask: { prompt, required, ...(context ? { context: clip(context, CONTEXT_MAX) } : {}), ...rest } as AskInput };
  };

  if (p.type === 'string') {
    const oneOf = Array.isArray(p.oneOf) ? (p.oneOf as EnumOption[]) : null;
    const values = oneOf?.length ? oneOf.map((option) => option.const) : Array.isArray(p.enum) ? (p.enum as string[]) : null;
    if (values) {
      const labelOf = (value: unknown) => oneOf?.find((option) => option.const === value)?.title ?? String(value);
      return ask({ ...base, kind: 'choice', values }, { kind: 'decision', options: optionsOf(values, oneOf) }, defaultWords(p, labelOf));
    }
    const pattern = typeof p.pattern === 'string' ? p.pattern : undefined;
    if (pattern !== undefined && !compiles(pattern)) return { why: `${name}'s pattern is not a regular expression Cast can check` };
    const bounds = some({
      minLength: p.minLength as number | null,
      maxLength: p.maxLength as number | null,
      format: p.format as StringFormat | null,
    });
    if (bounds.format && !(bounds.format in FORMAT_WORDS)) return { why: `${name} has a format Cast does not know (${bounds.format})` };
    return ask({ ...base, kind: 'text', ...bounds, ...(pattern !== undefined ? { pattern } : {}) }, { kind: 'fact' }, defaultWords(p));
  }
  if (p.type === 'number' || p.type === 'integer') {
    const bounds = some({ minimum: p.minimum as number | null, maximum: p.maximum as number | null });
    return ask({ ...base, kind: 'number', integer: p.type === 'integer', ...bounds }, { kind: 'fact' }, defaultWords(p));
  }
  if (p.type === 'boolean') {
    const yesNo = (value: unknown) => (value ? 'Yes' : 'No');
    return ask({ ...base, kind: 'boolean' }, { kind: 'decision', options: [{ label: 'Yes' }, { label: 'No' }] }, defaultWords(p, yesNo));
  }
  if (p.type === 'array') {
    const items = (p.items ?? {}) as { enum?: unknown; anyOf?: unknown };
    const anyOf = Array.isArray(items.anyOf) ? (items.anyOf as EnumOption[]) : null;
    const values = anyOf?.length ? anyOf.map((option) => option.const) : Array.isArray(items.enum) ? (items.enum as string[]) : null;
    if (!values) return { why: `${name} is a list Cast cannot offer as choices (its items name no values)` };
    const bounds = some({ minItems: p.minItems as number | null, maxItems: p.maxItems as number | null });
    const labelOf = (value: unknown) => anyOf?.find((option) => option.const === value)?.title ?? String(value);
    // Cast's multi-select takes at least one; a schema's `minItems: 0` is the same as none.
    const choose = {
      ...(bounds.minItems ? { min: bounds.minItems } : {}),
      ...(bounds.maxItems !== undefined ? { max: bounds.maxItems } : {}),
    };
    return ask(
      { ...base, kind: 'choices', values, ...bounds },
      { kind: 'decision', options: optionsOf(values, anyOf), multiple: true, ...choose },
      defaultWords(p, labelOf),
    );
  }
  return { why: `${name} is of a kind Cast cannot ask (${String(p.type)})` };
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}
