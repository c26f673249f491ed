/**
 * Whom a decision's notifications reach: until teams and assignees (issue 41), a decision's
 * people are its workspace's members who may answer it (`decision.answer`), not removed.
 */
import { ROLES, holds, type Role } from '../domain/permissions';
import type { Queryable } from './pool';

const ANSWERING_ROLES: readonly Role[] = ROLES.filter((role) => holds(role, 'decision.answer'));

/** A member a notification may reach, with their profile's time zone (null: none chosen). */
export type Recipient = { id: string; name: string; timeZone: string | null };

export async function membersWhoAnswer(db: Queryable, workspaceId: string): Promise<Recipient[]> {
  const { rows } = await db.query<Recipient>(
    `select id, name, time_zone as "timeZone" from members where workspace_id = $1 and removed_at is null and role = any($2::text[]) order by created_at, id`,
    [workspaceId, ANSWERING_ROLES],
  );
  return rows;
}

/** One member a message is addressed to by name (their own test message), whatever their role; null once removed. */
export async function recipientById(db: Queryable, workspaceId: string, memberId: string): Promise<Recipient | null> {
  const { rows } = await db.query<Recipient>(
    `select id, name, time_zone as "timeZone" from members where workspace_id = $1 and id = $2 and removed_at is null`,
    [workspaceId, memberId],
  );
  return rows[0] ?? null;
}
