/** `/api/v1/teams` (issue 41 item 1): the workspace's teams and their members. */
import { teamRoutes } from '../../../domain/routes/teams';
import { call } from './call';

export const listTeams = () => call(teamRoutes.listTeams, {}).then((body) => body.teams);
export const createTeam = (name: string) => call(teamRoutes.createTeam, { body: { name } }).then((body) => body.team);
export const addTeamMember = ({ team, member }: { team: string; member: string }) =>
  call(teamRoutes.addTeamMember, { params: { id: team, memberId: member }, body: {} }).then((body) => body.team);
export const removeTeamMember = ({ team, member }: { team: string; member: string }) =>
  call(teamRoutes.removeTeamMember, { params: { id: team, memberId: member } }).then((body) => body.team);
