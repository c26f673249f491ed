/**
 * `GET /api/v1/sessions/:id/decisions` (declared in domain/routes/session-decisions.ts): a
 * session's decisions, newest first (`cast decide ls`).
 */
import { listSessionDecisions } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import { requireSession } from '../../db/sessions';
import type { sessionDecisionRoutes } from '../../domain/routes/session-decisions';
import { type Handlers } from '../mount-routes';
import { describeOpen } from '../services/decision-card';

export function sessionDecisionHandlers(deps: { pool: Pool }): Handlers<typeof sessionDecisionRoutes> {
  return {
    listSessionDecisions: async ({ params }, { principal }) => {
      const session = await requireSession(deps.pool, principal, params.id);
      const now = new Date();
      const decisions = (await listSessionDecisions(deps.pool, principal.workspaceId, session.id)).map((decision) => {
        const age = describeOpen(decision, session.messageCount, now);
        return { decision, askedAgo: age.askedAgo, messagesSince: age.messagesSince, stale: decision.status === 'open' && age.stale };
      });
      return { session, decisions };
    },
  };
}
