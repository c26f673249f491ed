/**
 * A member's time zone (issue 39 item 10): an IANA name the runtime's Intl knows, stored in
 * its canonical spelling (`europe/paris` → `Europe/Paris`), so every reader formats alike.
 */
import { z } from 'zod';

/** The zone as Intl spells it, or null when Intl does not know it. */
export function canonicalTimeZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const TimeZone = z
  .string()
  .trim()
  .min(1, 'Give a time zone, such as Europe/Paris or UTC.')
  .max(64)
  .transform((zone, context) => {
    const canonical = canonicalTimeZone(zone);
    if (canonical) return canonical;
    context.addIssue({
      code: 'custom',
      message: `"${zone}" is not a time zone Cast knows; give an IANA name, such as Europe/Paris or UTC.`,
    });
    return z.NEVER;
  })
  .meta({ id: 'TimeZone', description: 'An IANA time zone, such as `Europe/Paris` or `UTC`.', example: 'Europe/Paris' });
