/**
 * Presence (issue 40 item 9): a member whose queue is focused in some tab is present until
 * `focused_until`; each focused tab renews it, a tab that blurs or closes lets it lapse (or ends
 * it). While present, pushes and immediate emails about what they can see are not sent.
 */
import type { Queryable } from './pool';

/** The member is looking until `seconds` from now (a focused tab's heartbeat). */
export async function markPresent(db: Queryable, workspaceId: string, memberId: string, seconds: number): Promise<void> {
  await db.query(
    `insert into member_presence (member_id, workspace_id, focused_until) values ($1, $2, now() + make_interval(secs => $3))
     on conflict (member_id) do update set focused_until = excluded.focused_until`,
    [memberId, workspaceId, seconds],
  );
}

/** The member left (their last focused tab blurred or closed). */
export async function markAway(db: Queryable, workspaceId: string, memberId: string): Promise<void> {
  await db.query('delete from member_presence where workspace_id = $1 and member_id = $2', [workspaceId, memberId]);
}

export async function isPresent(db: Queryable, workspaceId: string, memberId: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from member_presence where workspace_id = $1 and member_id = $2 and focused_until > now()', [
    workspaceId,
    memberId,
  ]);
  return rows.length > 0;
}
