/**
 * `/api/v1/me/notifications` (issue 40 item 10): each person's own notification settings, a test
 * message per channel, and what each channel sent them. Always the caller's own: there is no
 * member id in these paths, so nobody reaches another's settings or log.
 */
import { z } from 'zod';
import { MemberChannel } from '../notifications/delivery';
import {
  NotificationDeliveries,
  NotificationSettingsBody,
  NotificationsView,
  TestNotification,
  TestNotificationBody,
} from '../notifications/notifications-api';
import { limitQuery } from './list-limit';
import { route } from './route';

const tag = 'Notifications';

const getNotifications = route({
  tag,
  method: 'get',
  path: '/me/notifications',
  operationId: 'getNotifications',
  summary: 'Read your notification settings',
  description:
    'Your channels (push, email, Slack), digest cadence and hour, quiet hours, time zone and what counts as urgent — the ' +
    'defaults until you change them — with the zone they are read in and which channels this server can send on.',
  ok: { status: 200, description: 'Your settings.', schema: NotificationsView },
  permission: 'profile.own',
});

const putNotifications = route({
  tag,
  method: 'put',
  path: '/me/notifications',
  operationId: 'putNotifications',
  summary: 'Replace your notification settings',
  description:
    'Takes the whole settings document (read it, change it, send it back). Email switched on needs an address ' +
    '(422 `notification_address_missing`). A refused document changes nothing.',
  body: { schema: NotificationSettingsBody },
  ok: { status: 200, description: 'Your settings, as stored.', schema: NotificationsView },
  errors: ['notification_address_missing'],
  permission: 'profile.own',
});

const testNotification = route({
  tag,
  method: 'post',
  path: '/me/notifications/test',
  operationId: 'testNotification',
  summary: 'Send yourself a test message on one channel',
  description:
    'Writes a `notification.test` event; the notifier hands it to that channel, to you alone, whatever your quiet hours, ' +
    'presence or the channel being off. Its result shows in your delivery log under the returned `eventId`, within seconds. ' +
    'A channel this server cannot send on is 409 `notification_channel_not_configured`; an email test without an address ' +
    'is 422 `notification_address_missing`.',
  body: { schema: TestNotificationBody },
  ok: { status: 201, description: 'The test message, on its way.', schema: TestNotification },
  errors: ['notification_channel_not_configured', 'notification_address_missing'],
  permission: 'profile.own',
});

const listNotificationDeliveries = route({
  tag,
  method: 'get',
  path: '/me/notifications/deliveries',
  operationId: 'listNotificationDeliveries',
  summary: 'Your delivery log',
  description:
    'What each channel did with what it had for you, newest first: `sent`, `failed` (and why, in `detail`), `held` for the ' +
    'digest or `skipped` (and why), with its attempts. One channel with `channel=`.',
  query: z.object({ channel: z.enum(MemberChannel).optional(), limit: limitQuery(50, 200) }),
  ok: { status: 200, description: 'Deliveries, newest first.', schema: NotificationDeliveries },
  permission: 'profile.own',
});

export const notificationRoutes = { getNotifications, putNotifications, testNotification, listNotificationDeliveries };
