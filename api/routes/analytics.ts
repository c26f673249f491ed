/** `GET /api/v1/analytics?days=30` (declared in domain/routes/analytics.ts): product analytics over a trailing window. */
import { workspaceAnalytics } from '../../db/analytics';
import type { Pool } from '../../db/pool';
import type { analyticsRoutes } from '../../domain/routes/analytics';
import { type Handlers } from '../mount-routes';

export function analyticsHandlers(deps: { pool: Pool }): Handlers<typeof analyticsRoutes> {
  return {
    analytics: async ({ query }, { principal }) => ({
      analytics: await workspaceAnalytics(deps.pool, principal.workspaceId, query.days),
    }),
  };
}
