/** `GET /api/v1/analytics?days=30`: the workspace's product analytics over a trailing window. */
import { z } from 'zod';
import { Analytics } from '../analytics';
import { queryNumber } from '../query-number';
import { route } from './route';

const analytics = route({
  tag: 'Workspace',
  method: 'get',
  path: '/analytics',
  operationId: 'analytics',
  summary: 'Product analytics over a trailing window',
  query: z.strictObject({ days: queryNumber({ min: 1, max: 90 }).default(30).meta({ description: 'The window, in days.' }) }),
  ok: { status: 200, description: 'The analytics.', schema: z.object({ analytics: Analytics }) },
  permission: 'workspace.read',
});

export const analyticsRoutes = { analytics };
