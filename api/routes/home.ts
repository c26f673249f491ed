/**
 * `GET /api/v1/home`: what the dashboard shows of the queue (§6.16) — the open and blocking
 * counts for "See all decisions ({count})", and the pending approvals block.
 */
import { Router } from 'express';
import { listApprovals } from '../../db/approvals';
import { listQueue } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';

export function homeRouter(deps: { pool: Pool }): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    const { workspaceId } = res.locals.principal;
    const [queue, approvals] = await Promise.all([
      listQueue(deps.pool, workspaceId, { tab: 'open', limit: 1, offset: 0 }),
      listApprovals(deps.pool, workspaceId, 'pending', 5),
    ]);
    res.json({ counts: { open: queue.counts.open, blocking: queue.counts.blocking }, approvals });
  });
  return router;
}
