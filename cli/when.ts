/**
 * The dates `cast stack` reads (`friday`, `2026-12-01`) and how it prints them back (its
 * durations are domain/duration.ts's, shared with the web). Pure: "now" is passed in, and
 * "local" is the process's time zone.
 */

/** A date the CLI cannot read; the command adds the flag and exits 2. */
export class WhenError extends Error {}

export const DUE_FORMS =
  'today, tomorrow, a weekday (friday: the next Friday, never today), a date (2026-12-01: the end of that day, local time) or a date-time (2026-12-01T17:00, 2026-12-01T17:00+02:00)';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WEEKDAY_ABBREVIATIONS: Record<string, number> = {
  sun: 0,
  mon: 1,
  tue: 2,
  tues: 2,
  wed: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  fri: 5,
  sat: 6,
};
const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The last second of a local calendar day (month and year overflow roll over, as Date does). */
function endOfDay(year: number, monthIndex: number, day: number): Date {
  return new Date(year, monthIndex, day, 23, 59, 59, 0);
}

function weekdayOf(name: string): number | null {
  const full = WEEKDAYS.indexOf(name);
  if (full !== -1) return full;
  return WEEKDAY_ABBREVIATIONS[name] ?? null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A due time: `today`, `tomorrow`, a weekday, an ISO date (the end of that day, 23:59:59
 * local) or an ISO date-time (local unless it carries `Z` or an offset).
 */
export function parseDue(text: string, now: Date): Date {
  const word = text.trim().toLowerCase();
  const [year, month, day] = [now.getFullYear(), now.getMonth(), now.getDate()];
  if (word === 'today') return endOfDay(year, month, day);
  if (word === 'tomorrow') return endOfDay(year, month, day + 1);
  const weekday = weekdayOf(word);
  if (weekday !== null) {
    // The next one, never today: `friday` on a Friday is a week away.
    const ahead = (weekday - now.getDay() + 7) % 7 || 7;
    return endOfDay(year, month, day + ahead);
  }

  const date = DATE.exec(word);
  if (date) {
    const [y, m, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
    checkCalendarDate(text, y, m, d);
    return endOfDay(y, m - 1, d);
  }

  const dateTime = DATE_TIME.exec(text.trim());
  if (dateTime) {
    const [y, m, d, h, min] = [1, 2, 3, 4, 5].map((index) => Number(dateTime[index]));
    const s = Number(dateTime[6] ?? 0);
    const ms = Number((dateTime[7] ?? '0').padEnd(3, '0').slice(0, 3));
    checkCalendarDate(text, y!, m!, d!);
    if (h! > 23 || min! > 59 || s > 59)
      throw new WhenError(`${text.trim()} has no such time of day; hours run 00–23, minutes and seconds 00–59.`);
    const zone = dateTime[8];
    if (zone) {
      const offset = zone.toUpperCase() === 'Z' ? 0 : offsetMinutes(zone);
      return new Date(Date.UTC(y!, m! - 1, d!, h!, min!, s, ms) - offset * 60_000);
    }
    const local = new Date(y!, m! - 1, d!, h!, min!, s, ms);
    if (local.getHours() !== h || local.getMinutes() !== min) {
      throw new WhenError(`${text.trim()} does not exist in the local time zone (the clocks skip it); give another time or an offset.`);
    }
    return local;
  }
  throw new WhenError(`not a date Cast understands; write ${DUE_FORMS}.`);
}

function checkCalendarDate(text: string, year: number, month: number, day: number): void {
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    throw new WhenError(`${text.trim()} is not a calendar date.`);
  }
}

function offsetMinutes(zone: string): number {
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  if (Number(match[2]) > 23 || Number(match[3]) > 59) throw new WhenError(`${zone} is not a UTC offset.`);
  return match[1] === '-' ? -minutes : minutes;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `Fri 4 Dec 23:59 (local)`; the year appears when it is not this year's. */
export function formatLocal(at: Date, now: Date): string {
  const year = at.getFullYear() === now.getFullYear() ? '' : ` ${at.getFullYear()}`;
  return `${SHORT_DAYS[at.getDay()]} ${at.getDate()} ${SHORT_MONTHS[at.getMonth()]}${year} ${pad(at.getHours())}:${pad(at.getMinutes())} (local)`;
}
