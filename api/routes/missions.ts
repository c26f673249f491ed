/** `/api/v1/missions` (declared in domain/routes/missions.ts). */
import { notFound } from '../../domain/errors';
import { createMission, getMission, listMissions } from '../../db/missions';
import type { Pool } from '../../db/pool';
import { missionRoutes } from '../../domain/routes/missions';
import { reply, type Handlers } from '../mount-routes';

export function missionHandlers(deps: { pool: Pool }): Handlers<typeof missionRoutes> {
  return {
    createMission: async ({ body }, { principal }) => {
      const mission = await createMission(deps.pool, principal.workspaceId, body);
      return reply(missionRoutes.createMission, { status: 201, body: { mission } }, { location: `/api/v1/missions/${mission.id}` });
    },
    listMissions: async ({ query }, { principal }) => ({
      missions: await listMissions(deps.pool, principal.workspaceId, query),
    }),
    getMission: async ({ params }, { principal }) => {
      const mission = await getMission(deps.pool, principal.workspaceId, params.id);
      if (!mission) throw notFound('mission');
      return { mission };
    },
  };
}
