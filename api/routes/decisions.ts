/** `/api/v1/decisions`: thin routes — parse with domain schemas, call a service or a query. */
import { Router } from 'express';
import { z } from 'zod';
import { AnswerBody, EditDecisionBody } from '../../domain/decision-schema';
import { ArchiveAllBody, QueueQueryParams } from '../../domain/queue';
import { getDecision, listQueue, markFirstViewed } from '../../db/decision-queries';
import { decisionDetail } from '../../db/decision-detail';
import { queueHealth } from '../../db/health';
import type { Pool } from '../../db/pool';
import { EmptyBody } from '../empty-body';
import { parseWith } from '../problem';
import { answerAsk, decisionNotFound } from '../services/answer-ask';
import { archiveAll } from '../services/archive-all';
import { archiveDecision, editDecision, restoreDecision, runNow, undoAnswer, withdrawDecision } from '../services/change-decision';
import { openInSession } from '../services/decision-card';
import { fileDecision } from '../services/file-decision';
import type { TemporalGateway } from '../temporal-gateway';
import { decisionIdParam } from './decision-id';

const AskPosition = z.coerce.number().int().min(1).max(10);
const IdempotencyKey = z.string().trim().min(1).max(200).optional();
/** Agents' own reads (the CLI, MCP) send this, so only a person's first look counts as a view (FR-14). */
const AGENT_HEADER = 'x-cast-agent';

export function decisionsRouter(deps: { pool: Pool; temporal: TemporalGateway; undoWindowMs?: number; openPerAgent?: number }): Router {
  const router = Router();

  // Before `/:id`: archive-all is not a decision id.
  router.post('/archive-all', async (req, res) => {
    const filter = parseWith(ArchiveAllBody, req.body ?? {});
    res.json({ result: await archiveAll(deps, res.locals.principal, filter) });
  });

  router.post('/', async (req, res) => {
    const principal = res.locals.principal;
    const filed = await fileDecision(deps, principal, req.body);
    const sessionId = filed.decision.links.sessionId;
    const elsewhere = sessionId ? await openInSession(deps.pool, principal, sessionId, filed.decision.id) : null;
    res
      .status(filed.created ? 201 : 200)
      .location(`/api/v1/decisions/${filed.decision.id}`)
      .json({
        decision: filed.decision,
        card: { notes: filed.notes, openInSession: elsewhere?.decisions ?? [], staleHint: elsewhere?.hint ?? null },
      });
  });

  router.get('/', async (req, res) => {
    const { q, ...query } = parseWith(QueueQueryParams, req.query);
    const { workspaceId } = res.locals.principal;
    // FR-55: the health line never fails the queue; unavailable, it is simply not there.
    const [page, health] = await Promise.all([
      listQueue(deps.pool, workspaceId, { ...query, ...(q ? { search: q } : {}) }),
      queueHealth(deps.pool, workspaceId).catch((error: unknown) => {
        req.log.warn({ err: error }, 'health line unavailable');
        return null;
      }),
    ]);
    res.json({ ...page, health, page: { limit: query.limit, offset: query.offset } });
  });

  router.get('/:id', async (req, res) => {
    const { principal } = res.locals;
    const { workspaceId } = principal;
    const id = decisionIdParam(req.params.id);
    const decision = await getDecision(deps.pool, workspaceId, id);
    if (!decision) throw decisionNotFound();
    const firstView = req.get(AGENT_HEADER) ? null : await markFirstViewed(deps.pool, principal, id);
    if (firstView) decision.firstViewedAt = firstView;
    res.json({ decision, detail: await decisionDetail(deps.pool, workspaceId, decision) });
  });

  router.patch('/:id', async (req, res) => {
    const id = decisionIdParam(req.params.id);
    const edit = parseWith(EditDecisionBody, req.body);
    res.json({ decision: await editDecision(deps, res.locals.principal, id, edit) });
  });

  // Body-less actions on one decision: archive and restore (a person), withdraw (its agent),
  // run-now (a failed restart). Like every body-less action they take no body, or `{}`.
  const actions = { archive: archiveDecision, restore: restoreDecision, withdraw: withdrawDecision, 'run-now': runNow };
  for (const [verb, act] of Object.entries(actions)) {
    router.post(`/:id/${verb}`, async (req, res) => {
      const id = decisionIdParam(req.params.id);
      parseWith(EmptyBody, req.body ?? {});
      res.json({ decision: await act(deps, res.locals.principal, id) });
    });
  }

  router.post('/:id/asks/:ask/answer', async (req, res) => {
    const id = decisionIdParam(req.params.id);
    const ask = parseWith(AskPosition, req.params.ask);
    const idempotencyKey = parseWith(IdempotencyKey, req.get('idempotency-key'));
    const body = parseWith(AnswerBody, req.body);
    const decision = await answerAsk(deps, res.locals.principal, { id, ask, ...(idempotencyKey ? { idempotencyKey } : {}) }, body);
    res.json({ decision });
  });

  router.post('/:id/asks/:ask/undo', async (req, res) => {
    const id = decisionIdParam(req.params.id);
    const ask = parseWith(AskPosition, req.params.ask);
    parseWith(EmptyBody, req.body ?? {});
    res.json({ decision: await undoAnswer(deps, res.locals.principal, id, ask) });
  });

  return router;
}
