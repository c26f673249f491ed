/**
 * `GET /api/v1/decisions/:id/wait?timeout=S`: holds the request until the decision leaves
 * open (answered, withdrawn or archived) or the timeout passes, then returns it with the
 * message its session received (`cast decide wait`). It re-reads Postgres every 100 ms, so
 * an answer given through any API process releases a waiter held by any other.
 */
import { Router } from 'express';
import { z } from 'zod';
import { composeAnswerMessage } from '../../domain/answer-message';
import { getDecision } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import { closedSignal, pollUntil } from '../message-feed';
import { parseWith } from '../problem';
import { decisionNotFound } from '../services/answer-ask';
import { decisionIdParam } from './decision-id';

const WaitQuery = z.strictObject({ timeout: z.coerce.number().min(0).max(60).default(30) });

export function decisionWaitRouter(deps: { pool: Pool }): Router {
  const router = Router();
  router.get('/:id/wait', async (req, res) => {
    const { workspaceId } = res.locals.principal;
    const id = decisionIdParam(req.params.id);
    const { timeout } = parseWith(WaitQuery, req.query);
    const decision = await pollUntil(
      () => getDecision(deps.pool, workspaceId, id),
      (read) => read === null || read.status !== 'open',
      timeout * 1000,
      closedSignal(res),
    );
    if (!decision) throw decisionNotFound();
    const settled = decision.status !== 'open';
    const message = decision.status === 'resolved' ? composeAnswerMessage(decision) : null;
    res.json({ decision, settled, message });
  });
  return router;
}
