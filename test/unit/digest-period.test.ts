/**
 * Issue 40 item 3: when a member's digest is due, in their time zone. Daily: during their chosen
 * local hour, once per local day; hourly: each local hour; off: never. The period names the
 * claim that sends it once.
 */
import { describe, expect, it } from 'vitest';
import { digestPeriod, localDateHour } from '../../domain/notifications/digest-period';

describe('issue 40 item 3: digest periods', () => {
  it('daily at 09 in Tokyo is due from 00:00 to 00:59 UTC, named by the local date', () => {
    const daily = { cadence: 'daily' as const, hour: 9 };
    expect(digestPeriod(daily, 'Asia/Tokyo', new Date('2026-12-04T00:00:00Z'))).toBe('daily 2026-12-04');
    expect(digestPeriod(daily, 'Asia/Tokyo', new Date('2026-12-04T00:59:59Z'))).toBe('daily 2026-12-04');
    expect(digestPeriod(daily, 'Asia/Tokyo', new Date('2026-12-03T23:59:59Z'))).toBeNull();
    expect(digestPeriod(daily, 'Asia/Tokyo', new Date('2026-12-04T01:00:00Z'))).toBeNull();
    // The same instant in UTC is midnight, not nine.
    expect(digestPeriod(daily, 'UTC', new Date('2026-12-04T00:30:00Z'))).toBeNull();
    expect(digestPeriod(daily, 'UTC', new Date('2026-12-04T09:30:00Z'))).toBe('daily 2026-12-04');
  });

  it('the local date is the zone’s own across midnight and a daylight-saving change', () => {
    expect(localDateHour(new Date('2026-12-04T23:30:00Z'), 'Asia/Tokyo')).toEqual({ date: '2026-12-05', hour: 8 });
    expect(localDateHour(new Date('2026-03-29T01:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-03-29', hour: 3 });
    expect(digestPeriod({ cadence: 'daily', hour: 3 }, 'Europe/Berlin', new Date('2026-03-29T01:30:00Z'))).toBe('daily 2026-03-29');
  });

  it('hourly is due every local hour, each its own period; off never', () => {
    const hourly = { cadence: 'hourly' as const, hour: 9 };
    expect(digestPeriod(hourly, 'America/New_York', new Date('2026-12-04T15:10:00Z'))).toBe('hourly 2026-12-04T10');
    expect(digestPeriod(hourly, 'America/New_York', new Date('2026-12-04T15:59:00Z'))).toBe('hourly 2026-12-04T10');
    expect(digestPeriod(hourly, 'America/New_York', new Date('2026-12-04T16:00:00Z'))).toBe('hourly 2026-12-04T11');
    expect(digestPeriod({ cadence: 'off', hour: 9 }, 'UTC', new Date('2026-12-04T09:00:00Z'))).toBeNull();
  });
});
