/**
 * Whom a decision's notifications reach: its people are the workspace's members who may answer
 * (`decision.answer`), not removed — narrowed to whom it is addressed (issue 41 item 1): its
 * member, or its team's members; a decision for nobody reaches everyone.
 */
import { ROLES, holds, type Role } from '../domain/permissions';
import { coveringSql } from './delegations';
import type { Queryable } from './pool';

const ANSWERING_ROLES: readonly Role[] = ROLES.filter((role) => holds(role, 'decision.answer'));

/** A member a notification may reach, with their profile's time zone (null: none chosen). */
export type Recipient = { id: string; name: string; timeZone: string | null };

export async function membersWhoAnswer(db: Queryable, workspaceId: string, decisionId: string | null = null): Promise<Recipient[]> {
  const { rows } = await db.query<Recipient>(
    `with d as (select assignee_member_id, assignee_team_id from decisions where workspace_id = $1 and id = $3)
     select m.id, m.name, m.time_zone as "timeZone" from members m
      where m.workspace_id = $1 and m.removed_at is null and m.role = any($2::text[])
        and (not exists (select 1 from d where d.assignee_member_id is not null or d.assignee_team_id is not null)
             or m.id = (select assignee_member_id from d)
             -- Issue 41 item 5: whoever covers for its member now.
             or m.id in (${coveringSql('$1', '(select assignee_member_id from d)')})
             or m.id in (select tm.member_id from team_members tm where tm.team_id = (select assignee_team_id from d)))
      order by m.created_at, m.id`,
    [workspaceId, ANSWERING_ROLES, decisionId],
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
