/**
 * Text a request carries, with its limits stated the way the OpenAPI document states them.
 * Length is counted in characters (code points), as JSON Schema's `maxLength` and the
 * refusal's words count it; zod's own `max` counts UTF-16 units, so an emoji would count
 * twice. Text that is trimmed is measured as sent, before trimming, so `maxLength` is the
 * rule exactly; text that must say something once trimmed is the pattern `\S` (a character
 * that is not white space: `String.prototype.trim` and `\s` agree on what white space is).
 */
import { z } from 'zod';

/** Not empty once trimmed, as a JSON Schema pattern (zod's own check is `min(1)` after the trim). */
export const SAYS_SOMETHING = '\\S';

/** At most `max` characters, as sent. */
export function characters(max: number, params?: z.core.$ZodStringParams) {
  return z
    .string(params)
    .check((ctx) => {
      // `continue`, as zod's own `max` sets it: a union still names this form's problem.
      if ([...ctx.value].length > max)
        ctx.issues.push({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: ctx.value, continue: true });
    })
    .meta({ maxLength: max });
}

export function trimmedText(max: number, params?: z.core.$ZodStringParams) {
  return characters(max, params).trim();
}

export function filledText(max: number, empty?: string) {
  return trimmedText(max).min(1, empty).meta({ pattern: SAYS_SOMETHING });
}
