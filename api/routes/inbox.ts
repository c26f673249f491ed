/**
 * `/api/v1/inbox`: approvals and escalations as messages (§6.16), each with the decision that
 * carries it; `POST /api/v1/inbox/:id/reply {"text"}` answers the record through the same
 * resolution path as every other door (FR-29).
 */
import { Router } from 'express';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import { approvalReply, escalationReply } from '../../domain/inbox-reply';
import { getEscalation, escalationNotFound } from '../../db/escalations';
import { listInbox } from '../../db/inbox';
import type { Pool } from '../../db/pool';
import { listLimit } from '../list-limit';
import { parseWith } from '../problem';
import { decideApproval, resolveEscalation } from '../services/records';
import type { TemporalGateway } from '../temporal-gateway';

const ListQuery = z.strictObject({ limit: listLimit(50, 200) });
const ReplyBody = z.strictObject({ text: z.string().trim().min(1).max(4000) });
const MessageId = z.string().regex(/^(approval|escalation):[A-Za-z0-9_]{1,100}$/);

export function inboxRouter(deps: { pool: Pool; temporal: TemporalGateway }): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    const { limit } = parseWith(ListQuery, req.query);
    res.json({ messages: await listInbox(deps.pool, res.locals.principal.workspaceId, limit) });
  });

  router.post('/:id/reply', async (req, res) => {
    const { text } = parseWith(ReplyBody, req.body);
    const parsed = MessageId.safeParse(req.params.id);
    if (!parsed.success) throw new DomainError('not_found', 'There is no such Inbox message.');
    const [kind, id] = parsed.data.split(':') as ['approval' | 'escalation', string];
    const { principal } = res.locals;
    if (kind === 'approval') {
      const reply = approvalReply(text);
      if ('code' in reply) throw DomainError.from(reply);
      res.json({ approval: await decideApproval(deps, principal, id, reply.verdict, reply.reason ?? undefined) });
      return;
    }
    const escalation = await getEscalation(deps.pool, principal.workspaceId, id);
    if (!escalation) throw escalationNotFound();
    const reply = escalationReply(text, escalation.options);
    if ('code' in reply) throw DomainError.from(reply);
    const body = 'resolution' in reply ? reply : { option: reply.option, ...(reply.reason ? { reason: reply.reason } : {}) };
    res.json({ escalation: await resolveEscalation(deps, principal, id, body) });
  });

  return router;
}
