/**
 * `cast notify set`'s flags applied to the settings read from Cast. Only the flags' own syntax
 * is checked here (on/off, a range, a whole hour); every value is then Cast's to accept, so a
 * refusal prints the API's own words. Pure: no I/O, no schema.
 */
import type { NotificationSettings } from '../../../domain/notifications/notification-settings';

export type NotifySetOptions = {
  push?: string;
  pushTitles?: string;
  email?: string;
  emailNow?: string;
  slack?: string;
  digest?: string;
  hour?: string;
  quiet?: string;
  tz?: string;
  urgent?: string;
  json?: boolean;
};

export class FlagError extends Error {}

function onOff(flag: string, value: string): boolean {
  const word = value.trim().toLowerCase();
  if (word === 'on') return true;
  if (word === 'off') return false;
  throw new FlagError(`${flag} takes on or off, not "${value}".`);
}

/** The settings with every given flag applied; the rest as they were. */
export function applyFlags(current: NotificationSettings, opts: NotifySetOptions): NotificationSettings {
  const next = structuredClone(current) as NotificationSettings;
  if (opts.push !== undefined) next.push.enabled = onOff('--push', opts.push);
  if (opts.pushTitles !== undefined) next.push.showTitles = onOff('--push-titles', opts.pushTitles);
  if (opts.email !== undefined) {
    const word = opts.email.trim();
    if (word.toLowerCase() === 'on' || word.toLowerCase() === 'off') next.email.enabled = word.toLowerCase() === 'on';
    else next.email = { ...next.email, enabled: true, address: word };
  }
  if (opts.emailNow !== undefined) next.email.immediate = onOff('--email-now', opts.emailNow);
  if (opts.slack !== undefined) next.slack.enabled = onOff('--slack', opts.slack);
  if (opts.digest !== undefined) next.digest.cadence = opts.digest.trim().toLowerCase() as NotificationSettings['digest']['cadence'];
  if (opts.hour !== undefined) {
    if (!/^\d{1,2}$/.test(opts.hour.trim())) throw new FlagError(`--hour takes a whole hour from 0 to 23, not "${opts.hour}".`);
    next.digest.hour = Number(opts.hour.trim());
  }
  if (opts.quiet !== undefined) {
    const range = opts.quiet.trim();
    if (range.toLowerCase() === 'off') next.quietHours = null;
    else {
      const [start, end, ...rest] = range.split('-');
      if (!start || !end || rest.length) throw new FlagError(`--quiet takes a range such as 22:00-07:00, or off; not "${opts.quiet}".`);
      next.quietHours = { start: start.trim(), end: end.trim() };
    }
  }
  if (opts.tz !== undefined) next.timeZone = opts.tz.trim().toLowerCase() === 'profile' ? null : opts.tz.trim();
  if (opts.urgent !== undefined) next.urgent = opts.urgent.trim().toLowerCase() as NotificationSettings['urgent'];
  return next;
}

/** Whether any setting was named at all (`cast notify set` alone changes nothing and says so). */
export function namesAny(opts: NotifySetOptions): boolean {
  return Object.entries(opts).some(([key, value]) => key !== 'json' && value !== undefined);
}
