/** `GET /api/v1/activity` (declared in domain/routes/activity.ts). */
import { listActivity } from '../../db/activity';
import type { Pool } from '../../db/pool';
import type { activityRoutes } from '../../domain/routes/activity';
import { type Handlers } from '../mount-routes';

export function activityHandlers(deps: { pool: Pool }): Handlers<typeof activityRoutes> {
  return {
    listActivity: async ({ query }, { principal }) => ({
      activity: await listActivity(deps.pool, principal.workspaceId, {
        subjectKind: query.subject_kind,
        subjectId: query.subject_id,
        before: query.before,
        limit: query.limit,
      }),
    }),
  };
}
