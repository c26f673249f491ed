/** `/api/v1/runs/:id`: one run. */
import { runRoutes } from '../../../domain/routes/runs';
import { call } from './call';

export const readRun = (id: string) => call(runRoutes.getRun, { params: { id } }).then((body) => body.run);
