/**
 * Members' notification settings (migration 0030): one jsonb row per member who changed a
 * default, read through the domain's schema so a missing row or a missing field is a default.
 */
import { readNotificationSettings, type NotificationSettings } from '../domain/notifications/notification-settings';
import type { Queryable } from './pool';

export async function getNotificationSettings(db: Queryable, workspaceId: string, memberId: string): Promise<NotificationSettings> {
  const { rows } = await db.query<{ settings: unknown }>(
    'select settings from notification_settings where workspace_id = $1 and member_id = $2',
    [workspaceId, memberId],
  );
  return readNotificationSettings(rows[0]?.settings);
}

/** Replaces the member's settings with `settings` (already validated by the caller). */
export async function putNotificationSettings(
  db: Queryable,
  workspaceId: string,
  memberId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  await db.query(
    `insert into notification_settings (member_id, workspace_id, settings) values ($1, $2, $3)
     on conflict (member_id) do update set settings = excluded.settings, updated_at = now()`,
    [memberId, workspaceId, JSON.stringify(settings)],
  );
  return settings;
}
