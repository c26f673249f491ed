/** `GET /api/v1/home`: what the dashboard shows of the queue (§6.16). */
import { HomeRead } from '../home-view-schema';
import { route } from './route';

const home = route({
  tag: 'Workspace',
  method: 'get',
  path: '/home',
  operationId: 'home',
  summary: "The dashboard's counts and pending approvals",
  ok: { status: 200, description: 'Open and blocking counts, and up to five pending approvals.', schema: HomeRead },
  permission: 'workspace.read',
});

export const homeRoutes = { home };
