/**
 * `/api/v1/approvals` (declared in domain/routes/approvals.ts): an agent proposes a
 * side-effectful action; a person approves or rejects it here, in the queue, or from its
 * Inbox message — one resolution either way (FR-29). Cast never executes the action (FR-36).
 */
import { notFound } from '../../domain/errors';
import { getApproval, listApprovals } from '../../db/approvals';
import type { Pool } from '../../db/pool';
import { approvalRoutes } from '../../domain/routes/approvals';
import { reply, type Handlers } from '../mount-routes';
import { decideApproval, proposeApproval } from '../services/records';
import type { TemporalGateway } from '../temporal-gateway';

export function approvalHandlers(deps: { pool: Pool; temporal: TemporalGateway; undoWindowMs?: number }): Handlers<typeof approvalRoutes> {
  return {
    proposeApproval: async ({ body }, { principal }) => {
      const approval = await proposeApproval(deps, principal, body);
      return reply(approvalRoutes.proposeApproval, { status: 201, body: { approval } }, { location: `/api/v1/approvals/${approval.id}` });
    },
    listApprovals: async ({ query }, { principal }) => ({
      approvals: await listApprovals(deps.pool, principal.workspaceId, query.status, query.limit),
    }),
    getApproval: async ({ params }, { principal }) => {
      const approval = await getApproval(deps.pool, principal.workspaceId, params.id);
      if (!approval) throw notFound('approval');
      return { approval };
    },
    approve: async ({ params, body }, { principal, res }) => ({
      approval: await decideApproval(deps, principal, params.id, 'approve', body.reason, res.locals.channel),
    }),
    reject: async ({ params, body }, { principal, res }) => ({
      approval: await decideApproval(deps, principal, params.id, 'reject', body.reason, res.locals.channel),
    }),
  };
}
