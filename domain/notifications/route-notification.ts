/**
 * What a member channel does with one event for one member (issue 40 items 2–4, 9): send it
 * now, hold it for the digest, or skip it, and why. Pure, so every channel decides alike and
 * the rule is tested without a transport.
 *
 * - Urgent: a new blocking decision (or any new decision, when the member counts all as
 *   urgent), a reminder addressed to them, a deadline coming.
 * - Presence (item 9): a member looking at the queue sees it there; push and immediate email
 *   wait. Slack is a place the member reads on purpose, so it is not held.
 * - Quiet hours hold email for the digest; a push in quiet hours is skipped (a phone buzzing at
 *   night is what quiet hours are for), Slack follows Slack's own do-not-disturb.
 */
import type { OutboxEvent } from '../outbox/event-kinds';
import type { MemberChannel } from './delivery';
import type { NotificationSettings } from './notification-settings';
import { inQuietHours } from './quiet-hours';

export type NotificationRoute = { action: 'send' } | { action: 'hold'; reason: HoldReason } | { action: 'skip'; reason: SkipReason };
export type HoldReason = 'present' | 'quiet_hours' | 'not_urgent';
export type SkipReason = 'channel_off' | 'not_for_member' | 'present' | 'quiet_hours' | 'not_urgent';

export type RouteInput = {
  channel: MemberChannel;
  event: OutboxEvent;
  memberId: string;
  settings: NotificationSettings;
  /** The member's zone: their settings', else their profile's, else UTC. */
  timeZone: string;
  present: boolean;
  now: Date;
};

/** Whether the event is urgent for this member, or null when it is not addressed to them at all. */
export function urgencyFor(event: OutboxEvent, memberId: string, settings: NotificationSettings): boolean | null {
  switch (event.kind) {
    case 'decision.opened': {
      const blocking = (event as OutboxEvent<'decision.opened'>).data.blocking;
      return blocking || settings.urgent === 'all';
    }
    case 'reminder.due':
      return (event as OutboxEvent<'reminder.due'>).data.memberId === memberId ? true : null;
    case 'deadline.near':
      return true;
    default:
      return null;
  }
}

function enabled(channel: MemberChannel, settings: NotificationSettings): boolean {
  if (channel === 'push') return settings.push.enabled;
  if (channel === 'slack') return settings.slack.enabled;
  return settings.email.enabled && settings.email.address !== null && settings.email.immediate;
}

export function routeNotification(input: RouteInput): NotificationRoute {
  const { channel, settings } = input;
  // A test message is what the member asked for, now: on its channel, whatever else holds.
  if (input.event.kind === 'notification.test') {
    const test = (input.event as OutboxEvent<'notification.test'>).data;
    return test.memberId === input.memberId && test.channel === channel ? { action: 'send' } : { action: 'skip', reason: 'not_for_member' };
  }
  if (!enabled(channel, settings)) return { action: 'skip', reason: 'channel_off' };
  const urgent = urgencyFor(input.event, input.memberId, settings);
  if (urgent === null) return { action: 'skip', reason: 'not_for_member' };
  const toDigest = channel === 'email' && settings.digest.cadence !== 'off';
  const heldOrSkipped = (reason: HoldReason & SkipReason): NotificationRoute =>
    toDigest ? { action: 'hold', reason } : { action: 'skip', reason };
  if (!urgent) return heldOrSkipped('not_urgent');
  if (channel === 'slack') return { action: 'send' };
  if (input.present) return heldOrSkipped('present');
  if (inQuietHours(settings.quietHours, input.now, input.timeZone)) return heldOrSkipped('quiet_hours');
  return { action: 'send' };
}
