/**
 * One ask's answer as the value the agent's form takes (issue 43 item 2): typed (a number parsed,
 * Yes a `true`, an option its `const`) and checked against the property's schema, so a value that
 * does not fit — not a number, out of bounds, not matching — is a problem said in words, never
 * sent as if it were valid.
 */
import type { ElicitationContentValue } from '@agentclientprotocol/sdk';
import type { AnswerValue } from '../../../domain/ask-schema';
import type { Field } from './elicitation-fields';

export type FieldValue = { value: ElicitationContentValue } | { problem: string };

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function isUri(text: string): boolean {
  try {
    return Boolean(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** A calendar date that exists: 2026-02-30 does not. */
const isDate = (text: string) => DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

const FORMAT_CHECKS: Record<string, { fits: (text: string) => boolean; words: string }> = {
  email: { fits: (text) => /^[^\s@]+@[^\s@]+$/.test(text), words: 'an email address' },
  uri: { fits: isUri, words: 'a URI' },
  date: { fits: isDate, words: 'a date (YYYY-MM-DD)' },
  'date-time': {
    fits: (text) => DATE_TIME.test(text) && isDate(text.slice(0, 10)) && !Number.isNaN(Date.parse(text)),
    words: 'an ISO 8601 date and time',
  },
};

const quoted = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 79)}…` : text);

function textValue(field: Extract<Field, { kind: 'text' }>, text: string): FieldValue {
  const length = [...text].length;
  if (field.minLength !== undefined && length < field.minLength)
    return { problem: `${quoted(text)} is shorter than ${field.minLength} characters` };
  if (field.maxLength !== undefined && length > field.maxLength)
    return { problem: `${quoted(text)} is longer than ${field.maxLength} characters` };
  if (field.pattern !== undefined && !new RegExp(field.pattern, 'u').test(text))
    return { problem: `${quoted(text)} does not match the pattern ${field.pattern}` };
  const format = field.format ? FORMAT_CHECKS[field.format] : undefined;
  if (format && !format.fits(text)) return { problem: `${quoted(text)} is not ${format.words}` };
  return { value: text };
}

function numberValue(field: Extract<Field, { kind: 'number' }>, text: string): FieldValue {
  const typed = text.trim();
  const number = NUMBER.test(typed) ? Number(typed) : NaN;
  if (!Number.isFinite(number)) return { problem: `${quoted(text)} is not a number` };
  if (field.integer && !Number.isInteger(number)) return { problem: `${quoted(text)} is not a whole number` };
  if (field.minimum !== undefined && number < field.minimum) return { problem: `${typed} is below the minimum, ${field.minimum}` };
  if (field.maximum !== undefined && number > field.maximum) return { problem: `${typed} is above the maximum, ${field.maximum}` };
  return { value: number };
}

function choicesValue(field: Extract<Field, { kind: 'choices' }>, selected: number[]): FieldValue {
  const values = selected.map((number) => field.values[number - 1]);
  if (values.some((value) => value === undefined)) return { problem: 'an option the form does not have was chosen' };
  if (field.minItems !== undefined && values.length < field.minItems) return { problem: `fewer than ${field.minItems} were chosen` };
  if (field.maxItems !== undefined && values.length > field.maxItems) return { problem: `more than ${field.maxItems} were chosen` };
  return { value: values as string[] };
}

/** The value for `field` from its ask's answer. */
export function fieldValue(field: Field, answer: AnswerValue): FieldValue {
  if (field.kind === 'text' || field.kind === 'number') {
    if (answer.kind !== 'fact') return { problem: 'it was answered with something other than text' };
    return field.kind === 'text' ? textValue(field, answer.text) : numberValue(field, answer.text);
  }
  if (answer.kind !== 'decision') return { problem: 'it was answered with something other than a choice' };
  if (field.kind === 'choices') return choicesValue(field, answer.selected);
  if (answer.selected.length !== 1) return { problem: 'more than one option was chosen' };
  const [number] = answer.selected as [number];
  if (field.kind === 'boolean')
    return number === 1 || number === 2 ? { value: number === 1 } : { problem: 'neither Yes nor No was chosen' };
  const value = field.values[number - 1];
  return value === undefined ? { problem: 'an option the form does not have was chosen' } : { value };
}
