/** `GET /api/v1/analytics?days=30` (declared in domain/routes/analytics.ts): product analytics over a trailing window. */
import { workspaceAnalytics } from '../../db/analytics';
import type { Pool } from '../../db/pool';
import { analytics } from '../../domain/routes/analytics';
import { handle, type MountedRoute } from '../mount-routes';

export function analyticsHandlers(deps: { pool: Pool }): MountedRoute[] {
  return [
    handle(analytics, async ({ query }, { principal }) => ({
      analytics: await workspaceAnalytics(deps.pool, principal.workspaceId, query.days),
    })),
  ];
}
