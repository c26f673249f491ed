/** `/api/v1/missions`: the standing initiatives the queue can be filtered by. */
import { listMissions as listRoute } from '../../../domain/routes/missions';
import { call } from './call';

export const listMissions = () => call(listRoute, {}).then((body) => body.missions);
