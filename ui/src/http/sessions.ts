/** `/api/v1/sessions/:id`: one session, with its liveness and latest run. */
import { sessionRoutes } from '../../../domain/routes/sessions';
import { call } from './call';

export const readSession = (id: string) => call(sessionRoutes.getSession, { params: { id } }).then((body) => body.session);
