/** `/api/v1/runs/:id`: one run. */
import { getRun } from '../../../domain/routes/runs';
import { call } from './call';

export const readRun = (id: string) => call(getRun, { params: { id } }).then((body) => body.run);
