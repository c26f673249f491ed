/**
 * The notifications page's wire shapes (issue 40 item 10): `GET/PUT /api/v1/me/notifications`,
 * the test message and the delivery log. The body is the settings document itself, strict, so a
 * misspelt field is refused instead of dropped; the stored shape stays lenient
 * (notification-settings.ts) so older rows always read.
 */
import { z } from 'zod';
import { MemberChannel, NotificationDelivery } from './delivery';
import { NotificationSettings } from './notification-settings';

const shape = NotificationSettings.shape;

/** The whole settings document, as `PUT` replaces it: every field, no other. */
export const NotificationSettingsBody = z
  .strictObject({
    push: z.strictObject(shape.push.shape),
    email: z.strictObject(shape.email.shape),
    slack: z.strictObject(shape.slack.shape),
    digest: z.strictObject(shape.digest.shape),
    quietHours: z.strictObject(shape.quietHours.unwrap().shape).nullable(),
    urgent: shape.urgent,
    timeZone: shape.timeZone,
  })
  .meta({ id: 'NotificationSettingsBody' });
export type NotificationSettingsBody = z.infer<typeof NotificationSettingsBody>;

/**
 * Whether this server can send on each channel: email needs SMTP settings, Slack its app's
 * token, push its VAPID keys. A member may choose a channel the server cannot send on yet; it
 * is kept, shown as not set up, and its test message refused.
 */
export const ConfiguredChannels = z
  .object({ push: z.boolean(), email: z.boolean(), slack: z.boolean() })
  .meta({ id: 'ConfiguredChannels' });
export type ConfiguredChannels = z.infer<typeof ConfiguredChannels>;

export const NO_CHANNELS_CONFIGURED: ConfiguredChannels = { push: false, email: false, slack: false };

export const NotificationsView = z
  .object({
    settings: NotificationSettings.meta({ id: 'NotificationSettings' }),
    /** The zone quiet hours, the digest hour and the log's times are read in: the settings', else the profile's, else UTC. */
    timeZone: z.string(),
    configured: ConfiguredChannels,
  })
  .meta({ id: 'NotificationsView' });
export type NotificationsView = z.infer<typeof NotificationsView>;

export const TestNotificationBody = z.strictObject({ channel: z.enum(MemberChannel) }).meta({ id: 'TestNotificationBody' });
export type TestNotificationBody = z.infer<typeof TestNotificationBody>;

/** The test message's outbox event: its delivery shows in the log under this `eventId`. */
export const TestNotification = z
  .object({ eventId: z.string(), channel: z.enum(MemberChannel), occurredAt: z.iso.datetime() })
  .meta({ id: 'TestNotification' });
export type TestNotification = z.infer<typeof TestNotification>;

export const NotificationDeliveries = z.object({ deliveries: z.array(NotificationDelivery.meta({ id: 'NotificationDelivery' })) });
