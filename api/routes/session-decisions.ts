/** `GET /api/v1/sessions/:id/decisions`: a session's decisions, newest first (`cast decide ls`). */
import { Router } from 'express';
import { listSessionDecisions } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import { getSession, sessionNotFound } from '../../db/sessions';
import { describeOpen } from '../services/decision-card';

export function sessionDecisionsRouter(deps: { pool: Pool }): Router {
  const router = Router();
  router.get('/:id/decisions', async (req, res) => {
    const { principal } = res.locals;
    const session = await getSession(deps.pool, principal, req.params.id);
    if (!session) throw sessionNotFound();
    const now = new Date();
    const decisions = (await listSessionDecisions(deps.pool, principal.workspaceId, session.id)).map((decision) => {
      const age = describeOpen(decision, session.messageCount, now);
      return { decision, askedAgo: age.askedAgo, messagesSince: age.messagesSince, stale: decision.status === 'open' && age.stale };
    });
    res.json({ session, decisions });
  });
  return router;
}
