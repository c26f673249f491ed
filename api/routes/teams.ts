/** `/api/v1/teams` (declared in domain/routes/teams.ts): the mount has checked each route's permission. */
import type { Pool } from '../../db/pool';
import { addTeamMember, createTeam, deleteTeam, getTeam, listTeams, removeTeamMember, renameTeam, setTeamBackup } from '../../db/teams';
import { notFound } from '../../domain/errors';
import { actorOf } from '../../domain/principal';
import { teamRoutes } from '../../domain/routes/teams';
import { reply, type Handlers } from '../mount-routes';

export function teamHandlers(deps: { pool: Pool }): Handlers<typeof teamRoutes> {
  return {
    listTeams: async (_input, { principal }) => ({ teams: await listTeams(deps.pool, principal.workspaceId) }),
    createTeam: async ({ body }, { principal }) => {
      const team = await createTeam(deps.pool, principal.workspaceId, body, actorOf(principal));
      return reply(teamRoutes.createTeam, { status: 201, body: { team } });
    },
    getTeam: async ({ params }, { principal }) => {
      const team = await getTeam(deps.pool, principal.workspaceId, params.id);
      if (!team) throw notFound('team');
      return { team };
    },
    renameTeam: async ({ params, body }, { principal }) => ({
      team: await renameTeam(deps.pool, principal.workspaceId, params.id, body.name, actorOf(principal)),
    }),
    deleteTeam: async ({ params }, { principal }) => ({
      team: await deleteTeam(deps.pool, principal.workspaceId, params.id, actorOf(principal)),
    }),
    setTeamBackup: async ({ params, body }, { principal }) => ({
      team: await setTeamBackup(deps.pool, principal.workspaceId, params.id, body.member, actorOf(principal)),
    }),
    addTeamMember: async ({ params }, { principal }) => ({
      team: await addTeamMember(deps.pool, principal.workspaceId, params.id, params.memberId, actorOf(principal)),
    }),
    removeTeamMember: async ({ params }, { principal }) => ({
      team: await removeTeamMember(deps.pool, principal.workspaceId, params.id, params.memberId, actorOf(principal)),
    }),
  };
}
