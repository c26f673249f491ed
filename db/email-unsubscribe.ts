/**
 * One-click unsubscribe (issue 40 item 3): turns a member's email off, keeping the rest of their
 * settings (their address too, so turning it back on is one switch). Idempotent: off stays off.
 */
import { DEFAULT_NOTIFICATION_SETTINGS } from '../domain/notifications/notification-settings';
import type { Queryable } from './pool';

/** False when no such member is in the workspace (removed, or another workspace's). */
export async function turnEmailOff(db: Queryable, workspaceId: string, memberId: string): Promise<boolean> {
  const off = { ...DEFAULT_NOTIFICATION_SETTINGS, email: { ...DEFAULT_NOTIFICATION_SETTINGS.email, enabled: false } };
  const { rowCount } = await db.query(
    `insert into notification_settings (member_id, workspace_id, settings)
     select id, workspace_id, $3::jsonb from members where id = $2 and workspace_id = $1 and removed_at is null
     on conflict (member_id) do update
       set settings = notification_settings.settings
             || jsonb_build_object('email', coalesce(notification_settings.settings -> 'email', '{}'::jsonb) || '{"enabled": false}'::jsonb),
           updated_at = now()`,
    [workspaceId, memberId, JSON.stringify(off)],
  );
  return (rowCount ?? 0) > 0;
}
