/**
 * What a member answers for (issue 41 items 1 and 5): their teams, the members they cover for
 * now, and the workspace's "who may answer". It is read with the credential, in the same
 * statement that finds the principal, so a queue read or an answer needs no second round trip
 * to know what is "For me" (DESIGN §11: a principal that carries its role and its teams).
 */
import type { AnswerPolicy } from '../domain/assignment';
import type { Membership } from '../domain/principal';
import { coveredSql } from './delegations';

export type MembershipRow = { policy: AnswerPolicy | null; teams: string[]; covers: string[] };

/** The select-list columns `policy`, `teams` and `covers` for the member `member` of `workspace` (SQL expressions). */
export function membershipSql(workspace: string, member: string): string {
  return `(select w.answer_policy from workspaces w where w.id = ${workspace}) as policy,
          coalesce((select array_agg(tm.team_id) from team_members tm join teams tt on tt.id = tm.team_id
                     where tm.member_id = ${member} and tt.workspace_id = ${workspace}), '{}') as teams,
          array(${coveredSql(workspace, member)}) as covers`;
}

export function toMembership(row: MembershipRow): Membership {
  return { teams: row.teams, covers: row.covers, policy: row.policy ?? 'anyone' };
}
