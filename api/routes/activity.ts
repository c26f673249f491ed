/** `GET /api/v1/activity` (declared in domain/routes/activity.ts). */
import { listActivity as listActivityRows } from '../../db/activity';
import type { Pool } from '../../db/pool';
import { listActivity } from '../../domain/routes/activity';
import { handle, type MountedRoute } from '../mount-routes';

export function activityHandlers(deps: { pool: Pool }): MountedRoute[] {
  return [
    handle(listActivity, async ({ query }, { principal }) => ({
      activity: await listActivityRows(deps.pool, principal.workspaceId, {
        subjectKind: query.subject_kind,
        subjectId: query.subject_id,
        before: query.before,
        limit: query.limit,
      }),
    })),
  ];
}
