/** `/api/v1/teams` (issue 41 item 1): named groups of members, read by everyone, changed by admins. */
import { z } from 'zod';
import { CreateTeamBody, RenameTeamBody, Team, TeamBackupBody } from '../teams';
import { EmptyBody } from './empty-body';
import { route } from './route';

const tag = 'Teams';
const teamParams = z.object({ id: z.string().min(1) });
const one = (description: string) => ({ status: 200 as const, description, schema: z.object({ team: Team }) });

const listTeams = route({
  tag,
  method: 'get',
  path: '/teams',
  operationId: 'listTeams',
  summary: "List the workspace's teams",
  description: 'Every team with its members, by name.',
  ok: { status: 200, description: 'The teams.', schema: z.object({ teams: z.array(Team) }) },
  permission: 'workspace.read',
});

const createTeam = route({
  tag,
  method: 'post',
  path: '/teams',
  operationId: 'createTeam',
  summary: 'Create a team',
  description:
    'A name unique in the workspace (409 `team_name_taken`), and members to add at once: each a current member of the workspace (else 404 `member_not_found`, and nothing is created). Recorded in the activity history.',
  body: { schema: CreateTeamBody },
  ok: { status: 201, description: 'The team.', schema: z.object({ team: Team }) },
  errors: ['team_name_taken', 'member_not_found'],
  permission: 'team.manage',
});

const getTeam = route({
  tag,
  method: 'get',
  path: '/teams/:id',
  operationId: 'getTeam',
  summary: 'Read a team',
  description: "Another workspace's team reads as 404 `team_not_found`, as a missing one does.",
  params: teamParams,
  ok: one('The team.'),
  errors: ['team_not_found'],
  permission: 'workspace.read',
});

const renameTeam = route({
  tag,
  method: 'patch',
  path: '/teams/:id',
  operationId: 'renameTeam',
  summary: 'Rename a team',
  description: 'The history keeps both names.',
  params: teamParams,
  body: { schema: RenameTeamBody },
  ok: one('The team, renamed.'),
  errors: ['team_not_found', 'team_name_taken'],
  permission: 'team.manage',
});

const deleteTeam = route({
  tag,
  method: 'delete',
  path: '/teams/:id',
  operationId: 'deleteTeam',
  summary: 'Delete a team',
  description: 'Its members stay in the workspace; the history keeps the team by name.',
  params: teamParams,
  ok: one('The team as it was.'),
  errors: ['team_not_found'],
  permission: 'team.manage',
});

const setTeamBackup = route({
  tag,
  method: 'put',
  path: '/teams/:id/backup',
  operationId: 'setTeamBackup',
  summary: "Name a team's backup",
  description:
    "Who is reminded the second time about a decision addressed to the team, instead of the workspace's backup (`null`: the workspace's). A member who cannot answer is 422 `backup_cannot_answer`; one not in the workspace 404 `member_not_found`. Decisions filed to the team from then on follow it.",
  params: teamParams,
  body: { schema: TeamBackupBody },
  ok: one('The team with its backup.'),
  errors: ['team_not_found', 'member_not_found', 'backup_cannot_answer'],
  permission: 'team.manage',
});

const memberParams = z.object({ id: z.string().min(1), memberId: z.string().min(1) });

const addTeamMember = route({
  tag,
  method: 'put',
  path: '/teams/:id/members/:memberId',
  operationId: 'addTeamMember',
  summary: 'Add a member to a team',
  description:
    'Adding twice changes nothing. A removed member, or one of another workspace, is 404 `member_not_found`. Takes no body, or `{}`.',
  params: memberParams,
  body: { schema: EmptyBody, required: false },
  ok: one('The team with the member.'),
  errors: ['team_not_found', 'member_not_found'],
  permission: 'team.manage',
});

const removeTeamMember = route({
  tag,
  method: 'delete',
  path: '/teams/:id/members/:memberId',
  operationId: 'removeTeamMember',
  summary: 'Remove a member from a team',
  description: 'They stay in the workspace. One not in the team is 404 `member_not_found`.',
  params: memberParams,
  ok: one('The team without the member.'),
  errors: ['team_not_found', 'member_not_found'],
  permission: 'team.manage',
});

export const teamRoutes = { listTeams, createTeam, getTeam, renameTeam, deleteTeam, setTeamBackup, addTeamMember, removeTeamMember };
