/**
 * Quiet hours (issue 40 item 3): from `start` to `end` in the member's time zone, immediate
 * messages are held for the digest. A window may wrap past midnight (22:00–07:00); a window
 * whose start equals its end is empty, not the whole day.
 */
import type { NotificationSettings } from './notification-settings';

/** Minutes since local midnight of `at` in `timeZone`. */
export function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

export function inQuietHours(quietHours: NotificationSettings['quietHours'], at: Date, timeZone: string): boolean {
  if (!quietHours) return false;
  const now = localMinutes(at, timeZone);
  const start = minutesOf(quietHours.start);
  const end = minutesOf(quietHours.end);
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}
