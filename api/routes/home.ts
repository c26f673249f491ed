/**
 * `GET /api/v1/home` (declared in domain/routes/home.ts): what the dashboard shows of the
 * queue (§6.16) — the open and blocking counts for "See all decisions ({count})", and the
 * pending approvals block.
 */
import { listApprovals } from '../../db/approvals';
import { listQueue } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import type { homeRoutes } from '../../domain/routes/home';
import { type Handlers } from '../mount-routes';

export function homeHandlers(deps: { pool: Pool }): Handlers<typeof homeRoutes> {
  return {
    home: async (_input, { principal }) => {
      const [queue, approvals] = await Promise.all([
        listQueue(deps.pool, principal.workspaceId, { tab: 'open', limit: 1, offset: 0 }),
        listApprovals(deps.pool, principal.workspaceId, 'pending', 5),
      ]);
      return { counts: { open: queue.counts.open, blocking: queue.counts.blocking }, approvals };
    },
  };
}
