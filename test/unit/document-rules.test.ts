/**
 * Issue 28 — the OpenAPI document says what the server does. The rules a schema states for
 * the document (`\S` for text that must say something, `maxLength` as sent, `minProperties`
 * for a PATCH, `minimum`/`maximum` for a number in a URL) are the ones zod enforces: for any
 * input, the stated rule and the parse agree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { filledText, SAYS_SOMETHING, trimmedText } from '../../domain/text-fields';
import { queryNumber } from '../../domain/query-number';
import { refusalOf, refusalWords } from '../../domain/refusal-words';
import { someFields } from '../../domain/some-fields';

/** Its length as JSON Schema counts it: in characters (code points), an emoji as one. */
const characters = (value: string) => [...value].length;

/** Text with plenty of white space of every kind JavaScript trims, astral characters, and none. */
const text = fc.string({
  unit: fc.oneof(fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u2003', '\ufeff', '\u2028'), fc.string({ unit: 'binary', maxLength: 1 })),
  maxLength: 14,
});

describe('text a body carries', () => {
  it('filledText: refused exactly when it has more characters than its maximum as sent, or nothing but white space', () => {
    const schema = filledText(10);
    const says = new RegExp(SAYS_SOMETHING, 'u');
    fc.assert(
      fc.property(text, (value) => {
        expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(characters(value) <= 10 && says.test(value));
      }),
      { numRuns: 2000 },
    );
    expect(schema.parse(' Ship it ')).toBe('Ship it');
  });

  it('trimmedText: refused exactly when it has more characters than its maximum as sent (an emoji is one)', () => {
    const schema = trimmedText(10);
    fc.assert(
      fc.property(text, (value) => {
        expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(characters(value) <= 10);
      }),
      { numRuns: 2000 },
    );
    expect(schema.safeParse('😀'.repeat(10)).success).toBe(true);
  });
});

describe('a PATCH body', () => {
  it('refuses {} and says so as minProperties: 1', () => {
    const schema = someFields(z.strictObject({ title: z.string().optional(), dueAt: z.string().nullable().optional() }), 'Send one.');
    expect(schema.meta()).toMatchObject({ minProperties: 1 });
    expect(schema.safeParse({}).success).toBe(false);
    expect(schema.safeParse({ dueAt: null }).success).toBe(true);
  });
});

describe('a number in a URL', () => {
  const schema = z.object({ limit: queryNumber({ min: 1 }), days: queryNumber({ min: 1, max: 90 }).optional() });
  const refusal = (value: Record<string, string>) => {
    const parsed = schema.safeParse(value, { error: refusalWords() });
    return parsed.success ? null : refusalOf(parsed.error);
  };

  it('takes a whole numeral from its minimum to its maximum (2^53 − 1 unless it says less), and nothing else', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^-?\d{1,22}$/), (numeral) => {
        const value = BigInt(numeral);
        const expected = value >= 1n && value <= BigInt(Number.MAX_SAFE_INTEGER);
        expect(schema.safeParse({ limit: numeral }).success, numeral).toBe(expected);
      }),
      { numRuns: 1000 },
    );
    for (const written of ['0x10', ' 5', '', '+5', '5 ', 'Infinity']) expect(refusal({ limit: written }), written).not.toBeNull();
  });

  it('reads a number as a client writes one with String(n): 1e-7 and 1e3 are numbers', () => {
    const seconds = queryNumber({ min: 0, max: 60, integer: false });
    expect(seconds.parse(String(0.0000001))).toBe(1e-7);
    expect(schema.parse({ limit: '1e3' })).toEqual({ limit: 1000 });
  });

  it('quotes a number out of range as it was sent, never rounded', () => {
    expect(refusal({ limit: '9007199254740993' })).toBe('The limit is 9007199254740993; the most is 9,007,199,254,740,991.');
    expect(refusal({ limit: '5', days: '123456789012345678901' })).toBe('The days is 123456789012345678901; the most is 90.');
    expect(refusal({ limit: '-0' })).toBe('The limit is -0; the least is 1.');
    expect(refusal({ limit: '1.5' })).toBe('The limit must be a whole number, not 1.5.');
    expect(refusal({ limit: '1e400' })).toBe('The limit is 1e400; the most is 9,007,199,254,740,991.');
  });
});
