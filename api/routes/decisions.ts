/** `/api/v1/decisions`: thin routes — parse with domain schemas, call a service or a query. */
import { Router } from 'express';
import { z } from 'zod';
import { AnswerBody, DecisionId, DecisionStatus, FileDecisionBody } from '../../domain/decision';
import { getDecision, listDecisions } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import { parseWith } from '../problem';
import { answerAsk, decisionNotFound } from '../services/answer-ask';
import { fileDecision } from '../services/file-decision';
import type { TemporalGateway } from '../temporal-gateway';

const ListQuery = z.object({
  status: z.enum(DecisionStatus).optional(),
  // A page size above 100 is clamped, not refused.
  limit: z.coerce.number().int().min(1).default(25).transform((limit) => Math.min(limit, 100)),
});

const AskParams = z.object({ id: DecisionId, ask: z.coerce.number().int().min(1).max(10) });
const IdempotencyKey = z.string().trim().min(1).max(200).optional();

export function decisionsRouter(deps: { pool: Pool; temporal: TemporalGateway }): Router {
  const router = Router();

  router.post('/', async (req, res) => {
    const body = parseWith(FileDecisionBody, req.body);
    const decision = await fileDecision(deps, res.locals.principal, body);
    res.status(201).location(`/api/v1/decisions/${decision.id}`).json({ decision });
  });

  router.get('/', async (req, res) => {
    const query = parseWith(ListQuery, req.query);
    const decisions = await listDecisions(deps.pool, res.locals.principal.workspaceId, query);
    res.json({ decisions });
  });

  router.get('/:id', async (req, res) => {
    // A malformed id is just an id that does not exist here.
    const id = DecisionId.safeParse(req.params.id);
    const decision = id.success ? await getDecision(deps.pool, res.locals.principal.workspaceId, id.data) : null;
    if (!decision) throw decisionNotFound();
    res.json({ decision });
  });

  router.post('/:id/asks/:ask/answer', async (req, res) => {
    const id = DecisionId.safeParse(req.params.id);
    if (!id.success) throw decisionNotFound();
    const params = parseWith(AskParams, req.params);
    const idempotencyKey = parseWith(IdempotencyKey, req.get('idempotency-key'));
    const body = parseWith(AnswerBody, req.body);
    const decision = await answerAsk(deps, res.locals.principal, { ...params, idempotencyKey }, body);
    res.json({ decision });
  });

  return router;
}
