/** `/api/v1/escalations`: the open ones (for their options) and a task's feed. */
import { escalationRoutes } from '../../../domain/routes/escalations';
import { call } from './call';

export const listEscalations = (filter: { status?: 'open'; task?: string }) =>
  call(escalationRoutes.listEscalations, { query: { ...filter, limit: 200 } }).then((body) => body.escalations);
