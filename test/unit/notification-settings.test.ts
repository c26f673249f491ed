/**
 * Issue 40 item 10 — a member's notification settings: a member who never set anything has the
 * defaults, an older stored row gains a later setting's default, and bad values are refused.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NotificationSettings,
  readNotificationSettings,
} from '../../domain/notifications/notification-settings';

describe('issue 40 item 10: notification settings', () => {
  it('a member with no row has the defaults: the browser on, titles hidden, email and Slack off', () => {
    const settings = readNotificationSettings(undefined);
    expect(settings).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(settings.push).toEqual({ enabled: true, showTitles: false });
    expect(settings.email.enabled).toBe(false);
    expect(settings.slack.enabled).toBe(false);
  });

  it('a stored row missing a later field reads it as its default, keeping what the member chose', () => {
    const settings = readNotificationSettings({ email: { enabled: true, address: 'dana@example.com' }, urgent: 'all' });
    expect(settings.email).toEqual({ enabled: true, address: 'dana@example.com', immediate: true });
    expect(settings.urgent).toBe('all');
    expect(settings.digest).toEqual(DEFAULT_NOTIFICATION_SETTINGS.digest);
  });

  it('refuses a time of day that is not HH:MM, an hour past 23, an unknown zone and a bad address', () => {
    const bad = [
      { quietHours: { start: '22:00', end: '7:00' } },
      { digest: { cadence: 'daily', hour: 24 } },
      { timeZone: 'Mars/Olympus' },
      { email: { enabled: true, address: 'not an address', immediate: true } },
    ];
    for (const change of bad) expect(NotificationSettings.safeParse({ ...DEFAULT_NOTIFICATION_SETTINGS, ...change }).success).toBe(false);
    const quiet = NotificationSettings.parse({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      quietHours: { start: '22:00', end: '07:00' },
      timeZone: 'europe/paris',
    });
    expect(quiet.timeZone).toBe('Europe/Paris');
  });
});
