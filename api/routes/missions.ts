/** `/api/v1/missions` (declared in domain/routes/missions.ts). */
import { notFound } from '../../domain/errors';
import { createMission as createMissionRow, getMission as getMissionRow, listMissions as listMissionRows } from '../../db/missions';
import type { Pool } from '../../db/pool';
import { createMission, getMission, listMissions } from '../../domain/routes/missions';
import { handle, reply, type MountedRoute } from '../mount-routes';

export function missionHandlers(deps: { pool: Pool }): MountedRoute[] {
  return [
    handle(createMission, async ({ body }, { principal }) => {
      const mission = await createMissionRow(deps.pool, principal.workspaceId, body);
      return reply(createMission, { status: 201, body: { mission } }, { location: `/api/v1/missions/${mission.id}` });
    }),
    handle(listMissions, async ({ query }, { principal }) => ({
      missions: await listMissionRows(deps.pool, principal.workspaceId, query),
    })),
    handle(getMission, async ({ params }, { principal }) => {
      const mission = await getMissionRow(deps.pool, principal.workspaceId, params.id);
      if (!mission) throw notFound('mission');
      return { mission };
    }),
  ];
}
