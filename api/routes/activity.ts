/** `GET /api/v1/activity`: the workspace's history, newest first, optionally for one subject. */
import { Router } from 'express';
import { z } from 'zod';
import { SubjectKind } from '../../domain/activity';
import { listActivity } from '../../db/activity';
import type { Pool } from '../../db/pool';
import { listLimit } from '../list-limit';
import { parseWith } from '../problem';

const ListQuery = z.object({
  subject_kind: z.enum(SubjectKind).optional(),
  subject_id: z.string().min(1).max(200).optional(),
  before: z.coerce.number().int().min(1).optional(),
  limit: listLimit(50, 200),
});

export function activityRouter(deps: { pool: Pool }): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const query = parseWith(ListQuery, req.query);
    const activity = await listActivity(deps.pool, res.locals.principal.workspaceId, {
      subjectKind: query.subject_kind,
      subjectId: query.subject_id,
      before: query.before,
      limit: query.limit,
    });
    res.json({ activity });
  });
  return router;
}
