/**
 * Issue 40 items 2–4 and 9 — how a member channel treats one event for one member: urgent
 * events go now, presence holds push and immediate email, quiet hours hold email for the
 * digest (and skip a push), Slack is not held, and a channel that is off sends nothing.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '../../domain/notifications/notification-settings';
import { inQuietHours } from '../../domain/notifications/quiet-hours';
import { routeNotification, type RouteInput } from '../../domain/notifications/route-notification';
import type { OutboxEvent } from '../../domain/outbox/event-kinds';

const emailOn: NotificationSettings = {
  ...DEFAULT_NOTIFICATION_SETTINGS,
  email: { enabled: true, address: 'dana@example.com', immediate: true },
  slack: { enabled: true },
};

function opened(blocking: boolean): OutboxEvent {
  return {
    id: 'ev',
    kind: 'decision.opened',
    workspaceId: 'ws',
    subject: { kind: 'decision', id: 'dc' },
    occurredAt: '',
    data: { blocking },
  } as OutboxEvent;
}

function route(change: Partial<RouteInput>) {
  return routeNotification({
    channel: 'email',
    event: opened(true),
    memberId: 'mb_dana',
    settings: emailOn,
    timeZone: 'UTC',
    present: false,
    now: new Date('2026-12-03T12:00:00Z'),
    ...change,
  });
}

describe('issue 40: routing a notification to a member', () => {
  it('a new blocking decision is sent at once on every channel that is on', () => {
    for (const channel of ['push', 'email', 'slack'] as const) expect(route({ channel })).toEqual({ action: 'send' });
  });

  it('a channel that is off sends nothing, and email without an address is off', () => {
    expect(route({ channel: 'slack', settings: DEFAULT_NOTIFICATION_SETTINGS })).toEqual({ action: 'skip', reason: 'channel_off' });
    expect(route({ settings: { ...emailOn, email: { enabled: true, address: null, immediate: true } } })).toMatchObject({ action: 'skip' });
  });

  it('a non-blocking decision waits for the digest unless the member counts every decision as urgent', () => {
    expect(route({ event: opened(false) })).toEqual({ action: 'hold', reason: 'not_urgent' });
    expect(route({ event: opened(false), settings: { ...emailOn, urgent: 'all' } })).toEqual({ action: 'send' });
  });

  it('item 9: while the member has the queue focused, push and email wait; Slack does not', () => {
    expect(route({ channel: 'push', present: true })).toEqual({ action: 'skip', reason: 'present' });
    expect(route({ present: true })).toEqual({ action: 'hold', reason: 'present' });
    expect(route({ channel: 'slack', present: true })).toEqual({ action: 'send' });
  });

  it('quiet hours hold email for the digest in the member’s own zone, across midnight', () => {
    const quiet = { ...emailOn, quietHours: { start: '22:00', end: '07:00' } };
    // 23:30 in Paris is 22:30 UTC: quiet there.
    expect(route({ settings: quiet, timeZone: 'Europe/Paris', now: new Date('2026-12-03T22:30:00Z') })).toEqual({
      action: 'hold',
      reason: 'quiet_hours',
    });
    expect(route({ settings: quiet, timeZone: 'Europe/Paris', now: new Date('2026-12-03T12:00:00Z') })).toEqual({ action: 'send' });
    expect(route({ channel: 'push', settings: quiet, now: new Date('2026-12-03T03:00:00Z') })).toEqual({
      action: 'skip',
      reason: 'quiet_hours',
    });
  });

  it('a reminder reaches only the member it names', () => {
    const reminder = { ...opened(true), kind: 'reminder.due', data: { memberId: 'mb_sam', nth: 1 } } as unknown as OutboxEvent;
    expect(route({ event: reminder })).toEqual({ action: 'skip', reason: 'not_for_member' });
    expect(route({ event: reminder, memberId: 'mb_sam' })).toEqual({ action: 'send' });
  });

  it('item 10: a test message goes on its channel to its member, even when present or in quiet hours', () => {
    const test = {
      id: 'ev',
      kind: 'notification.test',
      workspaceId: 'ws',
      subject: { kind: 'member', id: 'mb_dana' },
      occurredAt: '',
      data: { memberId: 'mb_dana', channel: 'push' },
    } as OutboxEvent;
    expect(route({ channel: 'push', event: test, present: true })).toEqual({ action: 'send' });
    expect(route({ channel: 'email', event: test })).toEqual({ action: 'skip', reason: 'not_for_member' });
    expect(route({ channel: 'push', event: test, memberId: 'mb_sam' })).toEqual({ action: 'skip', reason: 'not_for_member' });
  });

  it('a window whose start equals its end is empty, not the whole day', () => {
    expect(inQuietHours({ start: '09:00', end: '09:00' }, new Date('2026-12-03T09:00:00Z'), 'UTC')).toBe(false);
    expect(inQuietHours({ start: '09:00', end: '17:00' }, new Date('2026-12-03T16:59:00Z'), 'UTC')).toBe(true);
    expect(inQuietHours({ start: '09:00', end: '17:00' }, new Date('2026-12-03T17:00:00Z'), 'UTC')).toBe(false);
  });
});
