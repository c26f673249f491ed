/**
 * How a refused input reads: one sentence per problem, naming the field in words ("The
 * question is 5,000 characters; the limit is 1,000.", "Ask 2's option 3 has an empty label.")
 * instead of zod's defaults under an internal path ("asks.1.options.2.label: Too small…").
 * It is a zod error map, passed to each parse that answers a caller (the API's `parseWith`,
 * the CLI before it sends), so a schema's own message still wins where it has one.
 */
import type { z } from 'zod';
import { labelIssueMessage, type LabelProblem } from './option-labels';

type Path = readonly PropertyKey[];
type RawIssue = z.core.$ZodRawIssue;

/** How a door names the fields: the API names its own; the CLI first rewrites the path into its terms. */
export type FieldNames = (path: Path) => Path;

const asSent: FieldNames = (path) => path;

/** A list field's item, where dropping the final "s" is not the word. */
const ITEM: Record<string, string> = { optionPages: 'option page', entries: 'entry', replies: 'reply' };

function itemWord(key: string): string | null {
  if (ITEM[key]) return ITEM[key];
  return /[^s]s$/.test(key) ? key.slice(0, -1) : null;
}

const nounOf = (key: string, count: number) => (count === 1 ? (itemWord(key) ?? key) : key === 'optionPages' ? 'option pages' : key);

/** A plain lower-case key is a word ("the question"); a camelCase one is named as sent (`defaultOption`). */
const isWord = (key: string) => /^[a-z]+$/.test(key);

/** `['asks', 1, 'options', 2, 'label']` → "ask 2's option 3's label"; the empty path is the request itself. */
export function fieldWords(path: Path): string {
  const parts: string[] = [];
  for (let index = 0; index < path.length; index += 1) {
    const key = path[index];
    const position = path[index + 1];
    if (typeof key === 'string' && typeof position === 'number') {
      const item = itemWord(key);
      parts.push(item ? `${item} ${position + 1}` : `${key} entry ${position + 1}`);
      index += 1;
    } else if (typeof key === 'number') {
      parts.push(`entry ${key + 1}`);
    } else {
      const name = String(key);
      parts.push(index === 0 && isWord(name) ? `the ${name}` : name);
    }
  }
  if (parts.length === 0) return 'the request';
  return parts.reduce((owner, part) => `${owner}${owner.endsWith('s') ? "'" : "'s"} ${part}`);
}

/** "The asks are missing", "the question is": a list field named by its plural takes a plural verb. */
function isPlural(path: Path): boolean {
  const last = path.at(-1);
  return typeof last === 'string' && itemWord(last) !== null;
}

/** Starts a sentence: "the question" → "The question"; a camelCase field stays as it is sent. */
export function sentenceStart(words: string): string {
  return /^[a-z]+[A-Z]/.test(words) ? words : words.charAt(0).toUpperCase() + words.slice(1);
}

const number = (value: number | bigint) =>
  typeof value === 'number' && Number.isInteger(value) ? value.toLocaleString('en-US') : String(value);

/** A value as a refusal quotes it: text in quotes (cut at 40 characters), a list or object by its kind. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  object: 'an object',
  record: 'an object',
  date: 'a date',
  null: 'null',
};

function received(value: unknown): string {
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return shown(value);
}

/** `"a", "b" or "c"` (or `and`) */
function listed(values: readonly unknown[], conjunction: 'or' | 'and' = 'or'): string {
  const words = values.map(shown);
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}`;
}

const codePoints = (value: unknown) => (typeof value === 'string' ? [...value].length : 0);

/** "ask 1 has 30 options" (a list inside something), or "there are 30 attempts" (a list at the top). */
function listCount(path: Path, count: number): string {
  const key = String(path.at(-1));
  const owner = path.slice(0, -1);
  return owner.length > 0
    ? `${fieldWords(owner)} has ${count} ${nounOf(key, count)}`
    : `there ${count === 1 ? 'is' : 'are'} ${count} ${nounOf(key, count)}`;
}

function tooBig(issue: Extract<RawIssue, { code: 'too_big' }>, path: Path, field: string): string {
  const max = number(issue.maximum);
  if (issue.origin === 'string') return `${field} is ${number(codePoints(issue.input))} characters; the limit is ${max}.`;
  if (issue.origin === 'array' || issue.origin === 'set') {
    return `${sentenceStart(listCount(path, Array.isArray(issue.input) ? issue.input.length : 0))}; the limit is ${max}.`;
  }
  // A numeral from a query string is quoted as sent (domain/routes/query-number.ts).
  if (typeof issue.input === 'number' || (issue.origin === 'number' && typeof issue.input === 'string')) {
    return issue.inclusive === false
      ? `${field} is ${issue.input}; it must be below ${max}.`
      : `${field} is ${issue.input}; the most is ${max}.`;
  }
  return `${field} is too large; the limit is ${max}.`;
}

function tooSmall(issue: Extract<RawIssue, { code: 'too_small' }>, path: Path, field: string): string {
  const min = number(issue.minimum);
  if (issue.origin === 'string') {
    const length = codePoints(issue.input);
    return length === 0 ? `${field} is empty.` : `${field} is ${number(length)} characters; the minimum is ${min}.`;
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    const count = listCount(path, Array.isArray(issue.input) ? issue.input.length : 0);
    const needed = `${min} ${nounOf(String(path.at(-1)), Number(issue.minimum))}`;
    return `${sentenceStart(count)}; at least ${needed} ${issue.minimum === 1 ? 'is' : 'are'} needed.`;
  }
  if (typeof issue.input === 'number' || (issue.origin === 'number' && typeof issue.input === 'string')) {
    return issue.inclusive === false
      ? `${field} is ${issue.input}; it must be above ${min}.`
      : `${field} is ${issue.input}; the least is ${min}.`;
  }
  return `${field} is too small; the minimum is ${min}.`;
}

function invalidType(issue: Extract<RawIssue, { code: 'invalid_type' }>, path: Path, field: string): string {
  const expected = EXPECTED[issue.expected] ?? `a ${issue.expected}`;
  if (issue.input === undefined) {
    return path.length === 0 ? `The body is missing; send a JSON ${issue.expected}.` : `${field} ${isPlural(path) ? 'are' : 'is'} missing.`;
  }
  return `${field} must be ${expected}, not ${received(issue.input)}.`;
}

function invalidUnion(issue: Extract<RawIssue, { code: 'invalid_union' }>, field: string): string {
  // A discriminated union names its key: `kind` is missing, or none of the kinds.
  const options = 'options' in issue && Array.isArray(issue.options) ? (issue.options as unknown[]) : null;
  if ('discriminator' in issue && typeof issue.discriminator === 'string' && options) {
    const input = issue.input as Record<string, unknown> | undefined;
    const value = typeof input === 'object' && input !== null ? input[issue.discriminator] : undefined;
    const choices = listed(options);
    return value === undefined ? `${field} is missing; use ${choices}.` : `${field} is ${shown(value)}; use ${choices}.`;
  }
  return `${field} fits none of the accepted forms.`;
}

function custom(issue: Extract<RawIssue, { code: 'custom' }>, path: Path, field: string): string {
  const params = issue.params as { problem?: LabelProblem; first?: number; label?: string } | undefined;
  if (params?.problem === 'option_label_empty' || params?.problem === 'option_label_duplicate') {
    // The issue sits on the label; the sentence names its option.
    const option = path.at(-1) === 'label' ? path.slice(0, -1) : path;
    return labelIssueMessage({ problem: params.problem, first: params.first, label: params.label }, sentenceStart(fieldWords(option)));
  }
  return `${field} is not valid.`;
}

/** The error map: every issue zod can raise, said as a sentence that names its field. */
export function refusalWords(names: FieldNames = asSent): z.core.$ZodErrorMap {
  return (issue) => {
    const path = names(issue.path ?? []);
    const field = sentenceStart(fieldWords(path));
    switch (issue.code) {
      case 'too_big':
        return tooBig(issue, path, field);
      case 'too_small':
        return tooSmall(issue, path, field);
      case 'invalid_type':
        return invalidType(issue, path, field);
      case 'invalid_value':
        if (issue.input === undefined) return `${field} is missing; use ${listed(issue.values)}.`;
        return issue.values.length === 1
          ? `${field} must be ${shown(issue.values[0])}, not ${shown(issue.input)}.`
          : `${field} is ${shown(issue.input)}; use ${listed(issue.values)}.`;
      case 'unrecognized_keys': {
        const keys = issue.keys.map((key) => JSON.stringify(key));
        const them = keys.length === 1 ? `no field ${keys[0]}; leave it out` : `no fields ${listed(issue.keys, 'and')}; leave them out`;
        return `${field} has ${them}.`;
      }
      case 'invalid_format':
        return issue.format === 'datetime'
          ? `${field} is not an ISO date-time, such as 2026-05-01T09:00:00Z.`
          : `${field} is not a valid ${issue.format === 'regex' ? 'value here' : issue.format}.`;
      case 'invalid_union':
        return invalidUnion(issue, field);
      case 'not_multiple_of':
        return `${field} must be a multiple of ${issue.divisor}.`;
      case 'custom':
        return custom(issue, path, field);
      default:
        return `${field} ${isPlural(path) ? 'are' : 'is'} not valid.`;
    }
  };
}

/**
 * A schema's own message that still names its field where it sits, e.g.
 * `.regex(re, { error: naming((field, input) => \`${field} is ${shown(input)}, not a decision id.\`) })`.
 */
export function naming(say: (field: string, input: unknown, path: Path) => string): z.core.$ZodErrorMap {
  return (issue) => {
    const path = issue.path ?? [];
    return say(sentenceStart(fieldWords(path)), issue.input, path);
  };
}

/** A failed parse as the caller reads it: each sentence once (two fields a door shows as one say it once). */
export function refusalOf(error: z.ZodError): string {
  return [...new Set(error.issues.map((issue) => issue.message))].join(' ');
}
