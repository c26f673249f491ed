/**
 * `/api/v1/inbox`: approvals and escalations as messages (§6.16), each with the decision that
 * carries it; `POST /api/v1/inbox/:id/reply {"text"}` answers the record through the same
 * resolution path as every other door (FR-29).
 */
import { Router } from 'express';
import { z } from 'zod';
import { listInbox } from '../../db/inbox';
import type { Pool } from '../../db/pool';
import { listLimit } from '../list-limit';
import { parseWith } from '../problem';
import { replyToInbox } from '../services/records';
import type { TemporalGateway } from '../temporal-gateway';

const ListQuery = z.strictObject({ limit: listLimit(50, 200) });
const ReplyBody = z.strictObject({ text: z.string().trim().min(1).max(4000) });

export function inboxRouter(deps: { pool: Pool; temporal: TemporalGateway }): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    const { limit } = parseWith(ListQuery, req.query);
    res.json({ messages: await listInbox(deps.pool, res.locals.principal.workspaceId, limit) });
  });

  router.post('/:id/reply', async (req, res) => {
    const { text } = parseWith(ReplyBody, req.body);
    res.json(await replyToInbox(deps, res.locals.principal, req.params.id, text));
  });

  return router;
}
