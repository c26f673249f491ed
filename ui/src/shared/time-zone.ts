/**
 * Times in the member's own time zone (issue 39 item 10), not the browser's: formatting, and a
 * `datetime-local` field's wall time read and written in that zone. Pure: the zone is passed in
 * (useTimeZone() in shared/time-zone-provider.tsx says which).
 */

/** The browser's zone: the default a member gets on first sign-in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every zone this browser knows, for the setting's list; the member's own is always in it. */
export function knownTimeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...zones, current])].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}

const parts = new Map<string, Intl.DateTimeFormat>();
function wallClock(zone: string): Intl.DateTimeFormat {
  let made = parts.get(zone);
  if (!made) {
    made = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    parts.set(zone, made);
  }
  return made;
}

/** The zone's wall clock at `ms`, as if it were UTC: the zone's offset is that minus `ms`. */
function wallMs(ms: number, zone: string): number {
  const field = Object.fromEntries(
    wallClock(zone)
      .formatToParts(new Date(ms))
      .map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(field.year!, field.month! - 1, field.day!, field.hour! % 24, field.minute!, field.second!);
}

/** An instant as a `datetime-local` value in `zone`: `2026-12-04T17:00`. */
export function toZoneInput(iso: string | null, zone: string): string {
  if (!iso) return '';
  return new Date(wallMs(Date.parse(iso), zone)).toISOString().slice(0, 16);
}

/** A `datetime-local` value read as wall time in `zone`, as an ISO instant; null when empty or unreadable. */
export function fromZoneInput(value: string, zone: string): string | null {
  const wall = Date.parse(`${value}:00Z`);
  if (!value || Number.isNaN(wall)) return null;
  // Two passes settle the offset across a change of summer time.
  let at = wall - (wallMs(wall, zone) - wall);
  at = wall - (wallMs(at, zone) - at);
  return new Date(at).toISOString();
}
