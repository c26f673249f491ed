/** `/api/v1/runs/:id`: one run, with the names its page shows in place of ids. */
import { runRoutes } from '../../../domain/routes/runs';
import { call } from './call';

export const readRun = (id: string) => call(runRoutes.getRun, { params: { id } });
