/** `/api/v1/missions` (routes/missions.ts). */
import { z } from 'zod';
import { CreateMissionBody, MissionStatus } from '../../domain/mission';
import type { ApiDocs } from './api-docs';
import { limitParam } from './list-params';
import { many, one, views } from './views';

export function missionRoutes(docs: ApiDocs): void {
  const route = docs.resource('Missions');
  route({
    method: 'post',
    path: '/missions',
    operationId: 'createMission',
    summary: 'Create a mission',
    body: { schema: CreateMissionBody.meta({ id: 'CreateMissionBody' }) },
    ok: { status: 201, description: 'The new mission.', schema: one('mission', views.Mission) },
  });
  route({
    method: 'get',
    path: '/missions',
    operationId: 'listMissions',
    summary: 'List missions',
    query: z.object({ status: z.enum(MissionStatus).optional(), limit: limitParam(50, 200) }),
    ok: { status: 200, description: 'Missions, newest first.', schema: many('missions', views.Mission) },
  });
  route({
    method: 'get',
    path: '/missions/:id',
    operationId: 'getMission',
    summary: 'Read a mission',
    ok: { status: 200, description: 'The mission.', schema: one('mission', views.Mission) },
    errors: ['mission_not_found'],
  });
}
