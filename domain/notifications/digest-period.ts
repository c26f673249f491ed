/**
 * When a member's digest is due (issue 40 item 3), as the period it belongs to: `hourly
 * 2026-12-04T09` during each local hour, `daily 2026-12-04` during the member's chosen local
 * hour of each local day, null otherwise. The period is what makes a digest once per member:
 * whoever claims (member, period) first sends it (db/digest-runs.ts). Pure, so the rule is
 * tested with any clock and zone.
 */
import type { NotificationSettings } from './notification-settings';

/** The local date (`YYYY-MM-DD`) and hour of `at` in `timeZone`. */
export function localDateHour(at: Date, timeZone: string): { date: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((one) => one.type === type)?.value ?? '00';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

export function digestPeriod(digest: NotificationSettings['digest'], timeZone: string, now: Date): string | null {
  if (digest.cadence === 'off') return null;
  const local = localDateHour(now, timeZone);
  if (digest.cadence === 'hourly') return `hourly ${local.date}T${String(local.hour).padStart(2, '0')}`;
  return local.hour === digest.hour ? `daily ${local.date}` : null;
}
