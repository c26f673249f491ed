/** `/api/v1/home`: the queue's counts and the pending approvals (§6.16). */
import { homeRoutes } from '../../../domain/routes/home';
import { call } from './call';

export const readHome = () => call(homeRoutes.home, {});
