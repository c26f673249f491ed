/**
 * A person's own notifications (issue 40 item 10): their settings as the page shows them, the
 * rules a document must meet beyond its shape, and a test message written to the outbox for the
 * notifier to hand to the one channel it names.
 */
import { randomUUID } from 'node:crypto';
import { getNotificationSettings, putNotificationSettings } from '../../db/notification-settings';
import { writeOutboxEvent } from '../../db/outbox';
import type { Pool } from '../../db/pool';
import { getMember } from '../../db/tenancy';
import { DomainError, notFound } from '../../domain/errors';
import type { MemberChannel } from '../../domain/notifications/delivery';
import type { NotificationSettings } from '../../domain/notifications/notification-settings';
import type { ConfiguredChannels, NotificationsView, TestNotification } from '../../domain/notifications/notifications-api';
import type { OutboxEvent } from '../../domain/outbox/event-kinds';
import type { PersonPrincipal } from '../../domain/principal';

export type NotificationDeps = { pool: Pool; configured: ConfiguredChannels };

const NO_ADDRESS = 'Give an email address to switch email on (email.address), or leave email off.';

export async function notificationsOf(deps: NotificationDeps, person: PersonPrincipal): Promise<NotificationsView> {
  const member = await getMember(deps.pool, person.workspaceId, person.memberId);
  if (!member) throw notFound('member');
  const settings = await getNotificationSettings(deps.pool, person.workspaceId, person.memberId);
  return { settings, timeZone: settings.timeZone ?? member.timeZone ?? 'UTC', configured: deps.configured };
}

export async function replaceNotifications(
  deps: NotificationDeps,
  person: PersonPrincipal,
  settings: NotificationSettings,
): Promise<NotificationsView> {
  if (settings.email.enabled && settings.email.address === null) {
    throw new DomainError('notification_address_missing', NO_ADDRESS);
  }
  await putNotificationSettings(deps.pool, person.workspaceId, person.memberId, settings);
  return notificationsOf(deps, person);
}

const CHANNEL_SETUP: Record<MemberChannel, string> = {
  push: 'Web Push needs its VAPID keys',
  email: 'email needs its SMTP settings',
  slack: 'Slack needs its app token',
};

export async function sendTestNotification(
  deps: NotificationDeps,
  person: PersonPrincipal,
  channel: MemberChannel,
): Promise<TestNotification> {
  if (!deps.configured[channel]) {
    throw new DomainError(
      'notification_channel_not_configured',
      `This server does not send on ${channel}: ${CHANNEL_SETUP[channel]} (docs/operations.md). Ask whoever runs Cast to set it up.`,
      { channel },
    );
  }
  if (channel === 'email') {
    const settings = await getNotificationSettings(deps.pool, person.workspaceId, person.memberId);
    if (settings.email.address === null) throw new DomainError('notification_address_missing', NO_ADDRESS);
  }
  const event: OutboxEvent<'notification.test'> = {
    id: `test.${channel}.${randomUUID()}`,
    kind: 'notification.test',
    workspaceId: person.workspaceId,
    subject: { kind: 'member', id: person.memberId },
    occurredAt: new Date().toISOString(),
    data: { memberId: person.memberId, channel },
  };
  await writeOutboxEvent(deps.pool, event);
  return { eventId: event.id, channel, occurredAt: event.occurredAt };
}
