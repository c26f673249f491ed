/** `GET /api/v1/analytics?days=30`: the workspace's product analytics over a trailing window. */
import { Router } from 'express';
import { z } from 'zod';
import { workspaceAnalytics } from '../../db/analytics';
import type { Pool } from '../../db/pool';
import { parseWith } from '../problem';

const Query = z.strictObject({ days: z.coerce.number().int().min(1).max(90).default(30) });

export function analyticsRouter(deps: { pool: Pool }): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const { days } = parseWith(Query, req.query);
    res.json({ analytics: await workspaceAnalytics(deps.pool, res.locals.principal.workspaceId, days) });
  });
  return router;
}
