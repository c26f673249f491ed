/** `/api/v1/missions`: standing initiatives that tasks and decisions point at. */
import { z } from 'zod';
import { CreateMissionBody, Mission, MissionStatus } from '../mission';
import { limitQuery } from './list-limit';
import { route } from './route';

const tag = 'Missions';
const MissionParams = z.object({ id: z.string().min(1) });

const createMission = route({
  tag,
  method: 'post',
  path: '/missions',
  operationId: 'createMission',
  summary: 'Create a mission',
  body: { schema: CreateMissionBody.meta({ id: 'CreateMissionBody' }) },
  ok: { status: 201, description: 'The new mission.', schema: z.object({ mission: Mission }) },
  permission: 'mission.manage',
});

const listMissions = route({
  tag,
  method: 'get',
  path: '/missions',
  operationId: 'listMissions',
  summary: 'List missions',
  query: z.object({ status: z.enum(MissionStatus).optional(), limit: limitQuery(50, 200) }),
  ok: { status: 200, description: 'Missions, newest first.', schema: z.object({ missions: z.array(Mission) }) },
  permission: 'workspace.read',
});

const getMission = route({
  tag,
  method: 'get',
  path: '/missions/:id',
  operationId: 'getMission',
  summary: 'Read a mission',
  params: MissionParams,
  ok: { status: 200, description: 'The mission.', schema: z.object({ mission: Mission }) },
  errors: ['mission_not_found'],
  permission: 'workspace.read',
});

export const missionRoutes = { createMission, listMissions, getMission };
