/**
 * `GET /api/v1/home` (declared in domain/routes/home.ts): what the dashboard shows of the
 * queue (§6.16) — the open and blocking counts for "See all decisions ({count})", and the
 * pending approvals block — and the open Inbox messages the sidebar counts. The counts are the
 * person's "For me" (issue 41 item 1), as the queue opens on it.
 */
import { listApprovals } from '../../db/approvals';
import { readerOf } from '../../db/assignments';
import { countOpenInbox } from '../../db/inbox';
import { listQueue } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import type { homeRoutes } from '../../domain/routes/home';
import { type Handlers } from '../mount-routes';

export function homeHandlers(deps: { pool: Pool }): Handlers<typeof homeRoutes> {
  return {
    home: async (_input, { principal }) => {
      const reader = await readerOf(deps.pool, principal);
      const [queue, approvals, inbox] = await Promise.all([
        listQueue(deps.pool, principal.workspaceId, { tab: 'open', limit: 1, offset: 0, forMe: true }, { reader }),
        listApprovals(deps.pool, principal.workspaceId, 'pending', 5),
        countOpenInbox(deps.pool, principal.workspaceId),
      ]);
      return { counts: { open: queue.counts.open, blocking: queue.counts.blocking, inbox }, approvals };
    },
  };
}
