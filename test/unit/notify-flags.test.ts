/**
 * Issue 40 item 10 — `cast notify set` changes only what its flags name, and refuses a flag it
 * cannot read before anything is sent; the page reads a test message's outcome from the log.
 */
import { describe, expect, it } from 'vitest';
import { applyFlags, FlagError, namesAny } from '../../cli/commands/notify/settings-flags';
import type { NotificationDelivery } from '../../domain/notifications/delivery';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../domain/notifications/notification-settings';
import { testOutcome } from '../../ui/src/features/notifications/test-outcome';

describe('cast notify set: flags onto settings', () => {
  it('applies each named flag and leaves the rest', () => {
    const next = applyFlags(DEFAULT_NOTIFICATION_SETTINGS, {
      digest: 'Hourly',
      hour: '8',
      quiet: '22:00-07:00',
      tz: 'Europe/Paris',
      email: 'dana@example.com',
      urgent: 'all',
      pushTitles: 'on',
    });
    expect(next).toEqual({
      push: { enabled: true, showTitles: true },
      email: { enabled: true, address: 'dana@example.com', immediate: true },
      slack: { enabled: false },
      digest: { cadence: 'hourly', hour: 8 },
      quietHours: { start: '22:00', end: '07:00' },
      urgent: 'all',
      timeZone: 'Europe/Paris',
    });
    // The input is not changed in place.
    expect(DEFAULT_NOTIFICATION_SETTINGS.email.address).toBeNull();
    const off = applyFlags(next, { email: 'off', quiet: 'off', tz: 'profile' });
    expect(off.email).toEqual({ enabled: false, address: 'dana@example.com', immediate: true });
    expect(off.quietHours).toBeNull();
    expect(off.timeZone).toBeNull();
  });

  it('refuses what it cannot read, saying which flag', () => {
    expect(() => applyFlags(DEFAULT_NOTIFICATION_SETTINGS, { push: 'maybe' })).toThrow(
      new FlagError('--push takes on or off, not "maybe".'),
    );
    expect(() => applyFlags(DEFAULT_NOTIFICATION_SETTINGS, { quiet: '22:00' })).toThrow(/--quiet takes a range/);
    expect(() => applyFlags(DEFAULT_NOTIFICATION_SETTINGS, { hour: 'eight' })).toThrow(/--hour takes a whole hour/);
    expect(namesAny({ json: true })).toBe(false);
    expect(namesAny({ hour: '8' })).toBe(true);
  });
});

describe('the page: a test message’s outcome from the log', () => {
  const row = (status: NotificationDelivery['status']): NotificationDelivery => ({
    id: '1',
    channel: 'email',
    kind: 'notification.test',
    eventId: 'ev',
    decisionId: null,
    status,
    detail: null,
    attempts: 1,
    nextAttemptAt: null,
    createdAt: '2026-12-04T00:00:00.000Z',
    updatedAt: '2026-12-04T00:00:00.000Z',
  });
  it('waits while there is no row or it is pending, then says how it ended', () => {
    expect(testOutcome(undefined, 'ev')).toBe('waiting');
    expect(testOutcome([{ ...row('sent'), eventId: 'other' }], 'ev')).toBe('waiting');
    expect(testOutcome([row('pending')], 'ev')).toBe('waiting');
    expect(testOutcome([row('sent')], 'ev')).toBe('sent');
    expect(testOutcome([row('failed')], 'ev')).toBe('failed');
    expect(testOutcome([row('skipped')], 'ev')).toBe('skipped');
  });
});
