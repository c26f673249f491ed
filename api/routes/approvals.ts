/**
 * `/api/v1/approvals`: an agent proposes a side-effectful action; a person approves or rejects
 * it here, in the queue, or from its Inbox message — one resolution either way (FR-29).
 * Cast never executes the action (FR-36).
 */
import { Router } from 'express';
import { z } from 'zod';
import { ApprovalStatus, ApproveBody, ProposeApprovalBody, RejectBody } from '../../domain/approval';
import { approvalNotFound, getApproval, listApprovals } from '../../db/approvals';
import type { Pool } from '../../db/pool';
import { listLimit } from '../list-limit';
import { parseWith } from '../problem';
import { decideApproval, proposeApproval } from '../services/records';
import type { TemporalGateway } from '../temporal-gateway';

const ListQuery = z.strictObject({ status: z.enum(ApprovalStatus).optional(), limit: listLimit(50, 200) });

export function approvalsRouter(deps: { pool: Pool; temporal: TemporalGateway; undoWindowMs?: number }): Router {
  const router = Router();

  router.post('/', async (req, res) => {
    const approval = await proposeApproval(deps, res.locals.principal, parseWith(ProposeApprovalBody, req.body));
    res.status(201).location(`/api/v1/approvals/${approval.id}`).json({ approval });
  });

  router.get('/', async (req, res) => {
    const query = parseWith(ListQuery, req.query);
    res.json({ approvals: await listApprovals(deps.pool, res.locals.principal.workspaceId, query.status, query.limit) });
  });

  router.get('/:id', async (req, res) => {
    const approval = await getApproval(deps.pool, res.locals.principal.workspaceId, req.params.id);
    if (!approval) throw approvalNotFound();
    res.json({ approval });
  });

  router.post('/:id/approve', async (req, res) => {
    const { reason } = parseWith(ApproveBody, req.body ?? {});
    res.json({ approval: await decideApproval(deps, res.locals.principal, req.params.id, 'approve', reason) });
  });

  router.post('/:id/reject', async (req, res) => {
    const { reason } = parseWith(RejectBody, req.body);
    res.json({ approval: await decideApproval(deps, res.locals.principal, req.params.id, 'reject', reason) });
  });

  return router;
}
