/** `/api/v1/me/notifications`: the signed-in person's own notification settings, test messages and delivery log. */
import type { MemberChannel } from '../../../domain/notifications/delivery';
import type { NotificationSettings } from '../../../domain/notifications/notification-settings';
import { notificationRoutes } from '../../../domain/routes/notifications';
import { call } from './call';

export const getNotifications = () => call(notificationRoutes.getNotifications, {});
export const putNotifications = (settings: NotificationSettings) => call(notificationRoutes.putNotifications, { body: settings });
export const testNotification = (channel: MemberChannel) => call(notificationRoutes.testNotification, { body: { channel } });
/** The latest twenty on one channel: enough to see whether it reaches the person. */
export const listNotificationDeliveries = (channel: MemberChannel) =>
  call(notificationRoutes.listNotificationDeliveries, { query: { channel, limit: 20 } }).then((body) => body.deliveries);
