/**
 * Changing a member's role and removing a member (issue 38 item 1). A workspace always keeps
 * an owner: each change locks the workspace's owners first, in one order, so two owners
 * demoting each other at once cannot both succeed. Removing keeps the row (`removed_at`), so
 * every answer and history entry keeps the member's name, and revokes their tokens and browser
 * sessions in the same transaction: the next request with any of them is a 401, and what they
 * hold open ends (the revocations ring `cast_credentials`, migration 0024).
 */
import type { Actor } from '../domain/activity';
import { DomainError, notFound } from '../domain/errors';
import type { Member } from '../domain/people';
import type { Role } from '../domain/permissions';
import { returnAssigned } from './assignments';
import { recordBy } from './activity';
import { withTransaction, type Pool, type Queryable } from './pool';
import { getMember } from './tenancy';

/** Runs before anything changes, with the member as they are: a refusal it throws changes nothing. */
export type MemberGuard = (member: Member) => void;

function lastOwner(): DomainError {
  return new DomainError('last_owner', 'This is the last owner of the workspace: make someone else an owner first. Nothing was changed.');
}

/** Locks the workspace's owners and the member; the member as they are, and how many owners remain. */
async function lockFor(db: Queryable, workspaceId: string, id: string): Promise<{ member: Member; owners: number }> {
  const { rows } = await db.query<{ id: string; role: Role; removed_at: Date | null }>(
    `select id, role, removed_at from members where workspace_id = $1 and (role = 'owner' or id = $2) order by id for update`,
    [workspaceId, id],
  );
  const member = rows.some((row) => row.id === id) ? await getMember(db, workspaceId, id) : null;
  if (!member) throw notFound('member');
  return { member, owners: rows.filter((row) => row.role === 'owner' && row.removed_at === null).length };
}

export async function changeMemberRole(
  pool: Pool,
  workspaceId: string,
  id: string,
  role: Role,
  guard: MemberGuard,
  actor: Actor,
): Promise<Member> {
  return withTransaction(pool, async (client) => {
    const { member, owners } = await lockFor(client, workspaceId, id);
    if (member.removedAt) throw new DomainError('member_removed', 'This member was removed; add them again to give them a role.');
    guard(member);
    if (member.role === role) return member;
    if (member.role === 'owner' && owners <= 1) throw lastOwner();
    await client.query('update members set role = $3 where workspace_id = $1 and id = $2', [workspaceId, id, role]);
    await recordBy(client, actor, {
      workspaceId,
      subjectKind: 'member',
      subjectId: id,
      kind: 'role_changed',
      detail: { from: member.role, to: role },
    });
    return (await getMember(client, workspaceId, id))!;
  });
}

/** Removes the member (removing twice keeps the first time) and ends every credential of theirs. */
export async function removeMember(pool: Pool, workspaceId: string, id: string, guard: MemberGuard, actor: Actor): Promise<Member> {
  return withTransaction(pool, async (client) => {
    const { member, owners } = await lockFor(client, workspaceId, id);
    if (member.removedAt) return member;
    guard(member);
    if (member.role === 'owner' && owners <= 1) throw lastOwner();
    await client.query('update members set removed_at = now() where workspace_id = $1 and id = $2', [workspaceId, id]);
    await client.query('update api_tokens set revoked_at = now() where member_id = $1 and revoked_at is null', [id]);
    await client.query('update web_sessions set revoked_at = now() where member_id = $1 and revoked_at is null', [id]);
    // What was addressed to them returns to their team or to everyone, and they leave every team
    // (issue 41 item 7): what is addressed to a team no longer reaches them.
    await returnAssigned(client, workspaceId, { memberId: id }, actor);
    // Their sessions and the agents they made pass to the admin who removed them (item 7), so
    // nothing of the workspace is left with nobody to answer for it; the tokens above stay ended.
    const heir = actor.kind === 'member' ? actor.id : null;
    const handedOver = heir ? await handOver(client, workspaceId, id, heir) : null;
    await client.query('delete from team_members where member_id = $1', [id]);
    await recordBy(client, actor, {
      workspaceId,
      subjectKind: 'member',
      subjectId: id,
      kind: 'removed',
      detail: { name: member.name, ...(handedOver ? { handedOver } : {}) },
    });
    return (await getMember(client, workspaceId, id))!;
  });
}

/** Moves a removed member's sessions and the agents they made to `heir`; says how many of each. */
async function handOver(client: Queryable, workspaceId: string, id: string, heir: string) {
  const sessions = await client.query('update sessions set owner_member_id = $3 where workspace_id = $1 and owner_member_id = $2', [
    workspaceId,
    id,
    heir,
  ]);
  // A team's backup who leaves is no one's backup: the workspace's takes over.
  await client.query('update teams set backup_member_id = null where workspace_id = $1 and backup_member_id = $2', [workspaceId, id]);
  const agents = await client.query('update agents set created_by = $3 where workspace_id = $1 and created_by = $2', [
    workspaceId,
    id,
    heir,
  ]);
  return { to: heir, sessions: sessions.rowCount ?? 0, agents: agents.rowCount ?? 0 };
}

/** Sets the member's own time zone (issue 39 item 10); a removed member has no profile to change. */
export async function setMemberTimeZone(db: Queryable, workspaceId: string, id: string, timeZone: string): Promise<Member> {
  const { rowCount } = await db.query('update members set time_zone = $3 where workspace_id = $1 and id = $2 and removed_at is null', [
    workspaceId,
    id,
    timeZone,
  ]);
  if (!rowCount) throw notFound('member');
  return (await getMember(db, workspaceId, id))!;
}
