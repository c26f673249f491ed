/**
 * The auto-default policy's duration as a person writes it ("30m", "24h", "2d", "1d12h") and
 * as the form shows it back. The API takes whole seconds, from 1 s to 90 days
 * (domain/stack-schema.ts `AutoDefaultSeconds`).
 */
const UNIT_SECONDS = { d: 86_400, h: 3600, m: 60, s: 1 } as const;
type Unit = keyof typeof UNIT_SECONDS;
export const MAX_AUTO_DEFAULT_SECONDS = 90 * 86_400;

/** Whole seconds, or null when the text is not a duration Cast accepts. */
export function parseDuration(text: string): number | null {
  const compact = text.replace(/\s+/g, '').toLowerCase();
  if (!/^(\d+[dhms])+$/.test(compact)) return null;
  let seconds = 0;
  for (const [, amount, unit] of compact.matchAll(/(\d+)([dhms])/g)) seconds += Number(amount) * UNIT_SECONDS[unit as Unit];
  return seconds >= 1 && seconds <= MAX_AUTO_DEFAULT_SECONDS ? seconds : null;
}

/** An exact spelling, in hours below two days as people say them: "24h", "36h", "3d", "1h30m". */
export function formatDuration(ms: number): string {
  let left = Math.round(ms / 1000);
  if (left === 0) return '0s';
  const units = (Object.keys(UNIT_SECONDS) as Unit[]).filter((unit) => unit !== 'd' || left >= 2 * UNIT_SECONDS.d);
  let text = '';
  for (const unit of units) {
    const amount = Math.floor(left / UNIT_SECONDS[unit]);
    if (amount > 0) text += `${amount}${unit}`;
    left -= amount * UNIT_SECONDS[unit];
  }
  return text;
}
