/**
 * A number in a query string or a path, read as written. `z.coerce.number()` reads `0x10` as
 * 16, an empty value as 0 and ` 5` as 5, and quotes a number past 2^53 − 1 rounded
 * ("9007199254740993" is refused as 9007199254740992). Here only a numeral is read, and one
 * out of range is refused in the digits it was sent with. The document shows the
 * bounds as `minimum` and `maximum` (the generator reads the schema after the preprocess).
 */
import { z } from 'zod';

/** A JSON number, as `String(n)` writes one too (`1e-7`, `1e+21`). */
const NUMERAL = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export function queryNumber({ min, max = Number.MAX_SAFE_INTEGER, integer = true }: { min: number; max?: number; integer?: boolean }) {
  const bounded = (integer ? z.int() : z.number()).min(min).max(max);
  return z.preprocess((raw, ctx) => {
    // Anything else (text, a repeated parameter's list) is refused by `bounded` in its own words.
    if (typeof raw !== 'string' || !NUMERAL.test(raw)) return raw;
    const value = Number(raw);
    if (value >= min && value <= max) return value;
    ctx.issues.push(
      value > max
        ? { code: 'too_big', origin: 'number', maximum: max, inclusive: true, input: raw }
        : { code: 'too_small', origin: 'number', minimum: min, inclusive: true, input: raw },
    );
    return raw;
  }, bounded);
}
