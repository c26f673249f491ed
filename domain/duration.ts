/**
 * The one duration grammar, for the CLI and the web alike: whole numbers with a unit, one or
 * several (`45s`, `90m`, `24h`, `3d`, `1d12h`, `1h 30m`), case-insensitive. Values are
 * milliseconds everywhere past the HTTP edge; a body that takes seconds converts there.
 */
export const DURATION_FORMS = 'whole numbers with a unit: 45s, 90m, 24h, 3d, or several together as in 1h30m';

const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 } as const;
type Unit = keyof typeof UNIT_MS;
const PART = /(\d{1,9})\s*([dhms])/g;
const WHOLE = /^(\d{1,9}\s*[dhms]\s*)+$/;

/** Not a duration, or not longer than zero; the message names the accepted forms. */
export class DurationError extends Error {
  override name = 'DurationError';
}

/** Milliseconds, or a DurationError saying what to write instead. */
export function parseDuration(text: string): number {
  const compact = text.trim().toLowerCase();
  if (!WHOLE.test(compact)) throw new DurationError(`not a duration; write ${DURATION_FORMS}.`);
  let ms = 0;
  for (const [, amount, unit] of compact.matchAll(PART)) ms += Number(amount) * UNIT_MS[unit as Unit];
  if (ms === 0) throw new DurationError(`a duration must be longer than zero; write ${DURATION_FORMS}.`);
  return ms;
}

/**
 * How a duration reads back: in the largest unit that holds it whole (`90m`, `24h`, `3d`; one
 * day reads `24h`, days start at two), else exactly in parts (`25h1m1s`). Sub-second
 * remainders are rounded.
 */
export function formatDuration(ms: number): string {
  const whole = Math.round(ms / 1000) * 1000;
  if (whole === 0) return '0s';
  const units = (Object.keys(UNIT_MS) as Unit[]).filter((unit) => unit !== 'd' || whole >= 2 * UNIT_MS.d);
  const single = units.find((unit) => whole % UNIT_MS[unit] === 0)!;
  if (single !== 's' || whole < UNIT_MS.m) return `${whole / UNIT_MS[single]}${single}`;
  let left = whole;
  let text = '';
  for (const unit of units) {
    const amount = Math.floor(left / UNIT_MS[unit]);
    if (amount > 0) text += `${amount}${unit}`;
    left -= amount * UNIT_MS[unit];
  }
  return text;
}
