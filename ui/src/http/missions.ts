/** `/api/v1/missions`: the standing initiatives the queue can be filtered by. */
import { missionRoutes } from '../../../domain/routes/missions';
import { call } from './call';

export const listMissions = () => call(missionRoutes.listMissions, {}).then((body) => body.missions);
