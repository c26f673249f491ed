/** `/api/v1/missions`: standing initiatives that tasks and decisions point at. */
import { Router } from 'express';
import { z } from 'zod';
import { CreateMissionBody, MissionStatus } from '../../domain/mission';
import { createMission, getMission, listMissions, missionNotFound } from '../../db/missions';
import type { Pool } from '../../db/pool';
import { listLimit } from '../list-limit';
import { parseWith } from '../problem';

const ListQuery = z.object({ status: z.enum(MissionStatus).optional(), limit: listLimit(50, 200) });

export function missionsRouter(deps: { pool: Pool }): Router {
  const router = Router();

  router.post('/', async (req, res) => {
    const body = parseWith(CreateMissionBody, req.body);
    const mission = await createMission(deps.pool, res.locals.principal.workspaceId, body);
    res.status(201).location(`/api/v1/missions/${mission.id}`).json({ mission });
  });

  router.get('/', async (req, res) => {
    const query = parseWith(ListQuery, req.query);
    res.json({ missions: await listMissions(deps.pool, res.locals.principal.workspaceId, query) });
  });

  router.get('/:id', async (req, res) => {
    const mission = await getMission(deps.pool, res.locals.principal.workspaceId, req.params.id);
    if (!mission) throw missionNotFound();
    res.json({ mission });
  });

  return router;
}
