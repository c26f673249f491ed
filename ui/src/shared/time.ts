import type { TFunction } from 'i18next';

/** A span in words, for sentences like "Last known: 3 open, 2 minutes ago." (at least a minute). */
export function duration(t: TFunction, since: number, now = Date.now()): string {
  const minutes = Math.max(1, Math.floor((now - since) / 60_000));
  return minutes < 120 ? t('duration.minutes', { count: minutes }) : t('duration.hours', { count: Math.floor(minutes / 60) });
}

/** How long ago, in the catalogue's words: "just now", "12m", "3h", "2d". */
export function age(t: TFunction, at: string | number, now = Date.now()): string {
  const minutes = Math.floor((now - (typeof at === 'number' ? at : Date.parse(at))) / 60_000);
  if (minutes < 1) return t('age.now');
  if (minutes < 60) return t('age.minutes', { count: minutes });
  if (minutes < 48 * 60) return t('age.hours', { count: Math.floor(minutes / 60) });
  return t('age.days', { count: Math.floor(minutes / 1440) });
}

/**
 * One formatter per locale and style, made once: building an Intl.DateTimeFormat costs far more
 * than using one, and a queue of 26 cards formats dozens of dates per render (issue 30 item 16).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, options)));
  return made;
}

/** A calendar day in the reader's locale and zone, as in "archived by you · 6 Sep". */
export function day(at: string, zone?: string): string {
  return formatter(undefined, { day: 'numeric', month: 'short', ...(zone ? { timeZone: zone } : {}) }).format(new Date(at));
}

/**
 * "just now", "4 seconds ago", "2 minutes ago": for sentences like "You withdrew this 4 seconds
 * ago." Under a second (or a server clock a little ahead of this one) reads "just now", never "0 seconds ago".
 */
export function ago(t: TFunction, at: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(at)) / 1000));
  if (seconds < 1) return t('ago.now');
  if (seconds < 60) return t('ago.seconds', { count: seconds });
  if (seconds < 3600) return t('ago.minutes', { count: Math.floor(seconds / 60) });
  if (seconds < 48 * 3600) return t('ago.hours', { count: Math.floor(seconds / 3600) });
  return t('ago.days', { count: Math.floor(seconds / 86_400) });
}

/**
 * A moment in the reader's locale and time zone (the member's, issue 39 item 10), as in
 * "14 Sep 2026, 17:00". `named` adds the zone, "Dec 4, 2026, 5:00 PM GMT+1", where the moment is
 * one to act by (a due date, a deadline): Intl refuses `timeZoneName` beside `dateStyle`, so
 * those spell the same fields out.
 */
export function moment(at: string, locale?: string, zone?: string, named = false): string {
  const inZone = zone ? { timeZone: zone } : {};
  const options: Intl.DateTimeFormatOptions = named
    ? { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', ...inZone }
    : { dateStyle: 'medium', timeStyle: 'short', ...inZone };
  return formatter(locale, options).format(new Date(at));
}

/** A length of time in words, rounded to its largest unit: "40 seconds", "4 minutes", "3 hours", "2 days". */
export function span(t: TFunction, ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 90) return t('span.seconds', { count: seconds });
  if (seconds < 90 * 60) return t('span.minutes', { count: Math.round(seconds / 60) });
  if (seconds < 36 * 3600) return t('span.hours', { count: Math.round(seconds / 3600) });
  return t('span.days', { count: Math.round(seconds / 86_400) });
}

/**
 * A moment to act by, as short as it reads unambiguously in the reader's zone: "17:00" today,
 * "5 Dec, 17:00" on another day (issue 40 item 8: "answers itself … at 17:00").
 */
export function clockTime(at: string, locale?: string, zone?: string, now = Date.now()): string {
  const inZone = zone ? { timeZone: zone } : {};
  const dayOf = (when: Date) => formatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...inZone }).format(when);
  const sameDay = dayOf(new Date(at)) === dayOf(new Date(now));
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: '2-digit', minute: '2-digit', ...inZone }
    : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', ...inZone };
  return formatter(locale, options).format(new Date(at));
}
