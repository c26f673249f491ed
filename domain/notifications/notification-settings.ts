/**
 * What a member wants to hear, and where (issue 40 items 2–4, 9, 10). One shape for every
 * channel, stored as the member's row in `notification_settings` and read through this schema,
 * so a member who never opened the notifications page has exactly these defaults.
 *
 * Defaults follow "reach me where I am, and not more": the browser (title, notification, push)
 * is on, because it only reaches a person who allowed it in their browser; email and Slack are
 * off until the member gives an address or links their Slack user.
 */
import { z } from 'zod';
import { TimeZone } from '../time-zone';

/** A local time of day, `HH:MM` (24-hour), read in the member's time zone. */
export const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time of day as HH:MM, from 00:00 to 23:59.');

export const DigestCadence = ['off', 'hourly', 'daily'] as const;
export type DigestCadence = (typeof DigestCadence)[number];

/** What counts as urgent: only blocking decisions, or every new decision. Urgent ones go out at once. */
export const Urgency = ['blocking', 'all'] as const;
export type Urgency = (typeof Urgency)[number];

export const NotificationSettings = z.object({
  push: z.object({
    enabled: z.boolean(),
    /** Off by default: a push says only that something waits; the page shows what once signed in. */
    showTitles: z.boolean(),
  }),
  email: z.object({
    enabled: z.boolean(),
    address: z.email().max(254).nullable(),
    /** A message at once for each urgent decision (held in quiet hours for the digest). */
    immediate: z.boolean(),
  }),
  slack: z.object({ enabled: z.boolean() }),
  digest: z.object({
    cadence: z.enum(DigestCadence),
    /** The local hour a daily digest goes out. */
    hour: z.int().min(0).max(23),
  }),
  /** Immediate messages are held for the digest from `start` to `end` (it may wrap past midnight). */
  quietHours: z.object({ start: LocalTime, end: LocalTime }).nullable(),
  urgent: z.enum(Urgency),
  /** Null: the member's profile time zone (members.time_zone), else UTC. */
  timeZone: TimeZone.nullable(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  push: { enabled: true, showTitles: false },
  email: { enabled: false, address: null, immediate: true },
  slack: { enabled: false },
  digest: { cadence: 'daily', hour: 9 },
  quietHours: null,
  urgent: 'blocking',
  timeZone: null,
};

/**
 * A stored row read with today's schema: anything a later setting added takes its default, so
 * older rows never fail to read. A row that no longer fits at all is a bug, said loudly.
 */
export function readNotificationSettings(stored: unknown): NotificationSettings {
  if (stored === null || stored === undefined) return DEFAULT_NOTIFICATION_SETTINGS;
  const base = DEFAULT_NOTIFICATION_SETTINGS;
  const row = stored as Partial<Record<keyof NotificationSettings, unknown>>;
  return NotificationSettings.parse({
    ...base,
    ...row,
    push: { ...base.push, ...(row.push as object | undefined) },
    email: { ...base.email, ...(row.email as object | undefined) },
    slack: { ...base.slack, ...(row.slack as object | undefined) },
    digest: { ...base.digest, ...(row.digest as object | undefined) },
  });
}
