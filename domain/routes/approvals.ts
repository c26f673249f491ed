/**
 * `/api/v1/approvals`: an agent proposes a side-effectful action; a person approves or rejects
 * it. Cast records the verdict and never executes the action (FR-36).
 */
import { z } from 'zod';
import { Approval, ApprovalStatus, ApproveBody, ProposeApprovalBody, RejectBody } from '../approval';
import { limitQuery } from './list-limit';
import { CARRY, SETTLE } from './record-errors';
import { route } from './route';

const tag = 'Approvals';
const ApprovalParams = z.object({ id: z.string().min(1) });
const OneApproval = z.object({ approval: Approval });

const proposeApproval = route({
  tag,
  method: 'post',
  path: '/approvals',
  operationId: 'proposeApproval',
  summary: 'Propose a side-effectful action',
  description: 'Cast records the verdict and never executes the action; a decision carries it into the queue.',
  body: { schema: ProposeApprovalBody.meta({ id: 'ProposeApprovalBody' }) },
  ok: { status: 201, description: 'The approval, pending.', schema: OneApproval },
  errors: CARRY,
  permission: 'decision.file',
});

const listApprovals = route({
  tag,
  method: 'get',
  path: '/approvals',
  operationId: 'listApprovals',
  summary: 'List approvals',
  query: z.strictObject({ status: z.enum(ApprovalStatus).optional(), limit: limitQuery(50, 200) }),
  ok: { status: 200, description: 'Approvals, newest first.', schema: z.object({ approvals: z.array(Approval) }) },
  permission: 'workspace.read',
});

const getApproval = route({
  tag,
  method: 'get',
  path: '/approvals/:id',
  operationId: 'getApproval',
  summary: 'Read an approval',
  params: ApprovalParams,
  ok: { status: 200, description: 'The approval.', schema: OneApproval },
  errors: ['approval_not_found'],
  permission: 'workspace.read',
});

const approve = route({
  tag,
  method: 'post',
  path: '/approvals/:id/approve',
  operationId: 'approve',
  summary: 'Approve',
  params: ApprovalParams,
  body: { schema: ApproveBody.meta({ id: 'ApproveBody' }), required: false },
  ok: { status: 200, description: 'The approval, approved.', schema: OneApproval },
  errors: ['approval_not_found', ...SETTLE],
  permission: 'decision.answer',
});

const reject = route({
  tag,
  method: 'post',
  path: '/approvals/:id/reject',
  operationId: 'reject',
  summary: 'Reject, with a reason',
  params: ApprovalParams,
  body: { schema: RejectBody.meta({ id: 'RejectBody' }) },
  ok: { status: 200, description: 'The approval, rejected.', schema: OneApproval },
  errors: ['approval_not_found', ...SETTLE],
  permission: 'decision.answer',
});

export const approvalRoutes = { proposeApproval, listApprovals, getApproval, approve, reject };
