/**
 * Teams and their members (issue 41 item 1, migration 0036). Every change is one transaction
 * with its activity entry (item 8): a refused one leaves nothing behind. Only members of the
 * workspace who are not removed join a team.
 */
import type { Actor } from '../domain/activity';
import { DomainError, notFound } from '../domain/errors';
import type { Team } from '../domain/teams';
import { holds, type Role } from '../domain/permissions';
import { recordBy } from './activity';
import { returnAssigned } from './assignments';
import { newId } from './ids';
import { isUniqueViolation } from './pg-errors';
import { withTransaction, type Queryable } from './pool';

type TeamRow = { id: string; name: string; members: string[]; backup_member_id: string | null; created_at: Date };

const TEAM_SELECT = `select t.id, t.name, t.created_at, t.backup_member_id,
        coalesce((select array_agg(tm.member_id order by tm.added_at, tm.member_id) from team_members tm where tm.team_id = t.id), '{}') as members
   from teams t`;

function toTeam(row: TeamRow): Team {
  return { id: row.id, name: row.name, members: row.members, backup: row.backup_member_id, createdAt: row.created_at.toISOString() };
}

function nameTaken(name: string): DomainError {
  return new DomainError('team_name_taken', `A team named "${name}" already exists in this workspace.`, { name });
}

export async function listTeams(db: Queryable, workspaceId: string): Promise<Team[]> {
  const { rows } = await db.query<TeamRow>(`${TEAM_SELECT} where t.workspace_id = $1 order by t.name`, [workspaceId]);
  return rows.map(toTeam);
}

export async function getTeam(db: Queryable, workspaceId: string, id: string): Promise<Team | null> {
  const { rows } = await db.query<TeamRow>(`${TEAM_SELECT} where t.workspace_id = $1 and t.id = $2`, [workspaceId, id]);
  return rows[0] ? toTeam(rows[0]) : null;
}

/** Refuses, naming the first, any id that is not a current member of the workspace. */
async function requireMembers(db: Queryable, workspaceId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const { rows } = await db.query<{ id: string }>(
    'select id from members where workspace_id = $1 and id = any($2::text[]) and removed_at is null',
    [workspaceId, [...ids]],
  );
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound('member');
}

export async function createTeam(
  db: Queryable,
  workspaceId: string,
  body: { name: string; members: string[] },
  actor: Actor,
): Promise<Team> {
  const members = [...new Set(body.members)];
  try {
    return await withTransaction(db, async (client) => {
      await requireMembers(client, workspaceId, members);
      const id = newId('tm');
      await client.query('insert into teams (id, workspace_id, name) values ($1, $2, $3)', [id, workspaceId, body.name]);
      for (const memberId of members) await client.query('insert into team_members (team_id, member_id) values ($1, $2)', [id, memberId]);
      await recordBy(client, actor, {
        workspaceId,
        subjectKind: 'team',
        subjectId: id,
        kind: 'created',
        detail: { name: body.name, members },
      });
      return (await getTeam(client, workspaceId, id))!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'teams_workspace_id_name_key')) throw nameTaken(body.name);
    throw error;
  }
}

export async function renameTeam(db: Queryable, workspaceId: string, id: string, name: string, actor: Actor): Promise<Team> {
  try {
    return await withTransaction(db, async (client) => {
      const before = await lockTeam(client, workspaceId, id);
      if (before.name === name) return before;
      await client.query('update teams set name = $3 where workspace_id = $1 and id = $2', [workspaceId, id, name]);
      await recordBy(client, actor, {
        workspaceId,
        subjectKind: 'team',
        subjectId: id,
        kind: 'renamed',
        detail: { from: before.name, to: name },
      });
      return (await getTeam(client, workspaceId, id))!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'teams_workspace_id_name_key')) throw nameTaken(name);
    throw error;
  }
}

/**
 * Names the team's backup (issue 41 item 5): a current member who may answer decisions (a viewer
 * is 422 `backup_cannot_answer`), or null for the workspace's. Decisions filed to the team from
 * now on remind them the second time.
 */
export async function setTeamBackup(db: Queryable, workspaceId: string, id: string, memberId: string | null, actor: Actor): Promise<Team> {
  return withTransaction(db, async (client) => {
    const before = await lockTeam(client, workspaceId, id);
    if (memberId) {
      const { rows } = await client.query<{ name: string; role: Role }>(
        'select name, role from members where workspace_id = $1 and id = $2 and removed_at is null',
        [workspaceId, memberId],
      );
      if (!rows[0]) throw notFound('member');
      if (!holds(rows[0].role, 'decision.answer')) {
        throw new DomainError(
          'backup_cannot_answer',
          `${rows[0].name} is a ${rows[0].role} and cannot answer decisions, so cannot be the backup.`,
        );
      }
    }
    if (before.backup === memberId) return before;
    await client.query('update teams set backup_member_id = $3 where workspace_id = $1 and id = $2', [workspaceId, id, memberId]);
    await recordBy(client, actor, { workspaceId, subjectKind: 'team', subjectId: id, kind: 'backup_set', detail: { backup: memberId } });
    return (await getTeam(client, workspaceId, id))!;
  });
}

/** Deletes the team and its memberships; the history keeps its name. */
export async function deleteTeam(db: Queryable, workspaceId: string, id: string, actor: Actor): Promise<Team> {
  return withTransaction(db, async (client) => {
    const team = await lockTeam(client, workspaceId, id);
    // What was addressed to the team returns to everyone (issue 41 item 7).
    await returnAssigned(client, workspaceId, { teamId: id }, actor);
    await client.query('delete from teams where workspace_id = $1 and id = $2', [workspaceId, id]);
    await recordBy(client, actor, { workspaceId, subjectKind: 'team', subjectId: id, kind: 'deleted', detail: { name: team.name } });
    return team;
  });
}

/** Adds a member (adding twice changes nothing and records nothing). */
export async function addTeamMember(db: Queryable, workspaceId: string, id: string, memberId: string, actor: Actor): Promise<Team> {
  return withTransaction(db, async (client) => {
    await lockTeam(client, workspaceId, id);
    await requireMembers(client, workspaceId, [memberId]);
    const { rowCount } = await client.query('insert into team_members (team_id, member_id) values ($1, $2) on conflict do nothing', [
      id,
      memberId,
    ]);
    if (rowCount)
      await recordBy(client, actor, { workspaceId, subjectKind: 'team', subjectId: id, kind: 'member_added', detail: { memberId } });
    return (await getTeam(client, workspaceId, id))!;
  });
}

/** Removes a member (one not in the team is 404 `member_not_found`: there is no such membership). */
export async function removeTeamMember(db: Queryable, workspaceId: string, id: string, memberId: string, actor: Actor): Promise<Team> {
  return withTransaction(db, async (client) => {
    await lockTeam(client, workspaceId, id);
    const { rowCount } = await client.query('delete from team_members where team_id = $1 and member_id = $2', [id, memberId]);
    if (!rowCount) throw notFound('member');
    await recordBy(client, actor, { workspaceId, subjectKind: 'team', subjectId: id, kind: 'member_removed', detail: { memberId } });
    return (await getTeam(client, workspaceId, id))!;
  });
}

/** The team, locked for the change; another workspace's reads as missing. */
async function lockTeam(db: Queryable, workspaceId: string, id: string): Promise<Team> {
  const { rowCount } = await db.query('select 1 from teams where workspace_id = $1 and id = $2 for update', [workspaceId, id]);
  if (!rowCount) throw notFound('team');
  return (await getTeam(db, workspaceId, id))!;
}
