/**
 * cli/when.ts: the due times `cast stack` reads (its durations: test/unit/duration.test.ts), with "now" injected. Expected
 * times are built with local-time constructors, so the tests hold in any time zone; one block
 * pins America/New_York to cross a daylight-saving change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLocal, parseDue, WhenError } from '../../cli/when';

const endOf = (year: number, month: number, day: number) => new Date(year, month - 1, day, 23, 59, 59);
const at = (year: number, month: number, day: number, hour = 10, minute = 0) => new Date(year, month - 1, day, hour, minute);

describe('due times', () => {
  const thursday = at(2026, 12, 3, 15, 30); // Thu 3 Dec 2026

  it('today and tomorrow mean the end of that local day', () => {
    expect(parseDue('today', thursday)).toEqual(endOf(2026, 12, 3));
    expect(parseDue('Tomorrow', thursday)).toEqual(endOf(2026, 12, 4));
  });

  it('tomorrow rolls over month ends, year ends and leap days', () => {
    expect(parseDue('tomorrow', at(2026, 1, 31))).toEqual(endOf(2026, 2, 1));
    expect(parseDue('tomorrow', at(2026, 4, 30, 23, 59))).toEqual(endOf(2026, 5, 1));
    expect(parseDue('tomorrow', at(2026, 12, 31))).toEqual(endOf(2027, 1, 1));
    expect(parseDue('tomorrow', at(2028, 2, 28))).toEqual(endOf(2028, 2, 29));
    expect(parseDue('tomorrow', at(2026, 2, 28))).toEqual(endOf(2026, 3, 1));
  });

  it('a weekday is the next one, never today: friday on a Friday is a week away', () => {
    expect(parseDue('friday', thursday)).toEqual(endOf(2026, 12, 4));
    expect(parseDue('friday', at(2026, 12, 4, 9))).toEqual(endOf(2026, 12, 11));
    expect(parseDue('friday', at(2026, 12, 5))).toEqual(endOf(2026, 12, 11));
    expect(parseDue('thursday', thursday)).toEqual(endOf(2026, 12, 10));
    expect(parseDue('FRI', thursday)).toEqual(endOf(2026, 12, 4));
    expect(parseDue('mon', thursday)).toEqual(endOf(2026, 12, 7));
    // Across a month end (Thu 30 Apr → Fri 1 May) and a year end (Thu 31 Dec → Mon 4 Jan).
    expect(parseDue('friday', at(2026, 4, 30))).toEqual(endOf(2026, 5, 1));
    expect(parseDue('monday', at(2026, 12, 31))).toEqual(endOf(2027, 1, 4));
  });

  it('an ISO date is the end of that day in local time; impossible dates are refused', () => {
    expect(parseDue('2026-12-01', thursday)).toEqual(endOf(2026, 12, 1));
    expect(parseDue('2028-02-29', thursday)).toEqual(endOf(2028, 2, 29));
    for (const bad of ['2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10']) {
      expect(() => parseDue(bad, thursday), bad).toThrow('is not a calendar date');
    }
  });

  it('an ISO date-time is local unless it carries Z or an offset', () => {
    expect(parseDue('2026-12-01T17:00', thursday)).toEqual(new Date(2026, 11, 1, 17, 0));
    expect(parseDue('2026-12-01 17:00:30', thursday)).toEqual(new Date(2026, 11, 1, 17, 0, 30));
    expect(parseDue('2026-12-01T17:00Z', thursday).toISOString()).toBe('2026-12-01T17:00:00.000Z');
    expect(parseDue('2026-12-01T17:00:00.250+02:00', thursday).toISOString()).toBe('2026-12-01T15:00:00.250Z');
    expect(parseDue('2026-12-01T17:00-0530', thursday).toISOString()).toBe('2026-12-01T22:30:00.000Z');
    expect(() => parseDue('2026-12-01T24:00', thursday)).toThrow('no such time of day');
    expect(() => parseDue('2026-02-30T10:00Z', thursday)).toThrow('is not a calendar date');
  });

  it('refuses anything else, naming the accepted forms', () => {
    for (const bad of ['', 'soon', 'next friday', 'fridays', '12/01/2026', '2026-1-5', '2026-12-01T5pm', 'in 2 days', '24h']) {
      expect(() => parseDue(bad, thursday), bad).toThrow(WhenError);
    }
    expect(() => parseDue('soon', thursday)).toThrow(
      /today, tomorrow, a weekday .* a date \(2026-12-01: the end of that day, local time\)/,
    );
  });

  it('prints a time as "Fri 4 Dec 23:59 (local)", with the year only when it is not this year', () => {
    expect(formatLocal(endOf(2026, 12, 4), thursday)).toBe('Fri 4 Dec 23:59 (local)');
    expect(formatLocal(new Date(2027, 0, 1, 9, 5), thursday)).toBe('Fri 1 Jan 2027 09:05 (local)');
  });
});

describe('due times across a daylight-saving change (America/New_York)', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('the end of the day is 23:59:59 on the wall clock, not 24 hours on', () => {
    // Clocks go forward at 02:00 on Sun 8 Mar 2026: that day has 23 hours.
    const saturday = new Date('2026-03-07T12:00:00-05:00');
    expect(parseDue('tomorrow', saturday).toISOString()).toBe('2026-03-09T03:59:59.000Z');
    expect(parseDue('sunday', saturday).toISOString()).toBe('2026-03-09T03:59:59.000Z');
    expect(parseDue('2026-03-07', saturday).toISOString()).toBe('2026-03-08T04:59:59.000Z');
    expect(formatLocal(parseDue('tomorrow', saturday), saturday)).toBe('Sun 8 Mar 23:59 (local)');
  });

  it('refuses a local time the clocks skip', () => {
    const saturday = new Date('2026-03-07T12:00:00-05:00');
    expect(() => parseDue('2026-03-08T02:30', saturday)).toThrow('does not exist in the local time zone');
    expect(parseDue('2026-03-08T02:30-05:00', saturday).toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });
});
