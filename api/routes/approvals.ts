/**
 * `/api/v1/approvals` (declared in domain/routes/approvals.ts): an agent proposes a
 * side-effectful action; a person approves or rejects it here, in the queue, or from its
 * Inbox message — one resolution either way (FR-29). Cast never executes the action (FR-36).
 */
import { notFound } from '../../domain/errors';
import { getApproval as getApprovalRow, listApprovals as listApprovalRows } from '../../db/approvals';
import type { Pool } from '../../db/pool';
import { approve, getApproval, listApprovals, proposeApproval, reject } from '../../domain/routes/approvals';
import { handle, reply, type MountedRoute } from '../mount-routes';
import { decideApproval, proposeApproval as propose } from '../services/records';
import type { TemporalGateway } from '../temporal-gateway';

export function approvalHandlers(deps: { pool: Pool; temporal: TemporalGateway; undoWindowMs?: number }): MountedRoute[] {
  return [
    handle(proposeApproval, async ({ body }, { principal }) => {
      const approval = await propose(deps, principal, body);
      return reply(proposeApproval, { status: 201, body: { approval } }, { location: `/api/v1/approvals/${approval.id}` });
    }),
    handle(listApprovals, async ({ query }, { principal }) => ({
      approvals: await listApprovalRows(deps.pool, principal.workspaceId, query.status, query.limit),
    })),
    handle(getApproval, async ({ params }, { principal }) => {
      const approval = await getApprovalRow(deps.pool, principal.workspaceId, params.id);
      if (!approval) throw notFound('approval');
      return { approval };
    }),
    handle(approve, async ({ params, body }, { principal }) => ({
      approval: await decideApproval(deps, principal, params.id, 'approve', body.reason),
    })),
    handle(reject, async ({ params, body }, { principal }) => ({
      approval: await decideApproval(deps, principal, params.id, 'reject', body.reason),
    })),
  ];
}
