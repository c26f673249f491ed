/** Approvals, escalations and the Inbox that shows both (routes/approvals.ts, escalations.ts, inbox.ts). */
import { z } from 'zod';
import { ApprovalStatus, ApproveBody, ProposeApprovalBody, RejectBody } from '../../domain/approval';
import type { ErrorCode } from '../../domain/errors';
import { EscalationStatus, RaiseEscalationBody, ResolveEscalationBody } from '../../domain/escalation';
import { WORKFLOW_ERRORS, type ApiDocs } from './api-docs';
import { limitParam } from './list-params';
import { many, one, views } from './views';

/** Filing the decision that carries a new record into the queue. */
const CARRY: ErrorCode[] = ['agent_not_found', 'session_not_found', 'task_not_found', 'run_not_found', 'agent_open_cap', ...WORKFLOW_ERRORS];
/** Settling a record answers its decision's first ask, as the queue would. */
const SETTLE: ErrorCode[] = ['ask_already_answered', 'decision_archived', 'decision_not_open', 'undo_in_progress', ...WORKFLOW_ERRORS];
const CHOICE: ErrorCode[] = ['answer_kind_mismatch', 'option_out_of_range', 'reason_required'];

export function recordRoutes(docs: ApiDocs): void {
  const approvals = docs.resource('Approvals');
  const approval = one('approval', views.Approval);
  approvals({
    method: 'post',
    path: '/approvals',
    operationId: 'proposeApproval',
    summary: 'Propose a side-effectful action',
    description: 'Cast records the verdict and never executes the action; a decision carries it into the queue.',
    body: { schema: ProposeApprovalBody.meta({ id: 'ProposeApprovalBody' }) },
    ok: { status: 201, description: 'The approval, pending.', schema: approval },
    errors: CARRY,
  });
  approvals({
    method: 'get',
    path: '/approvals',
    operationId: 'listApprovals',
    summary: 'List approvals',
    query: z.strictObject({ status: z.enum(ApprovalStatus).optional(), limit: limitParam(50, 200) }),
    ok: { status: 200, description: 'Approvals, newest first.', schema: many('approvals', views.Approval) },
  });
  approvals({
    method: 'get',
    path: '/approvals/:id',
    operationId: 'getApproval',
    summary: 'Read an approval',
    ok: { status: 200, description: 'The approval.', schema: approval },
    errors: ['approval_not_found'],
  });
  approvals({
    method: 'post',
    path: '/approvals/:id/approve',
    operationId: 'approve',
    summary: 'Approve',
    body: { schema: ApproveBody.meta({ id: 'ApproveBody' }), required: false },
    ok: { status: 200, description: 'The approval, approved.', schema: approval },
    errors: ['approval_not_found', ...SETTLE],
  });
  approvals({
    method: 'post',
    path: '/approvals/:id/reject',
    operationId: 'reject',
    summary: 'Reject, with a reason',
    body: { schema: RejectBody.meta({ id: 'RejectBody' }) },
    ok: { status: 200, description: 'The approval, rejected.', schema: approval },
    errors: ['approval_not_found', ...SETTLE],
  });

  const escalations = docs.resource('Escalations');
  const escalation = one('escalation', views.Escalation);
  escalations({
    method: 'post',
    path: '/escalations',
    operationId: 'raiseEscalation',
    summary: 'Raise an escalation',
    description: "An agent gives up. A raise with an open escalation's `dedupeKey` updates that one (200, `updated: true`).",
    body: { schema: RaiseEscalationBody.meta({ id: 'RaiseEscalationBody' }) },
    ok: [
      { status: 201, description: 'The new escalation.', schema: z.object({ escalation: views.Escalation, updated: z.literal(false) }) },
      { status: 200, description: 'The open escalation with that dedupe key, updated.', schema: z.object({ escalation: views.Escalation, updated: z.literal(true) }) },
    ],
    errors: CARRY,
  });
  escalations({
    method: 'get',
    path: '/escalations',
    operationId: 'listEscalations',
    summary: 'List escalations',
    query: z.strictObject({
      status: z.enum(EscalationStatus).optional(),
      task: z.string().min(1).max(200).optional().meta({ description: 'A task id.' }),
      limit: limitParam(50, 200),
    }),
    ok: { status: 200, description: 'Escalations, newest first.', schema: many('escalations', views.Escalation) },
  });
  escalations({
    method: 'get',
    path: '/escalations/:id',
    operationId: 'getEscalation',
    summary: 'Read an escalation',
    ok: { status: 200, description: 'The escalation.', schema: escalation },
    errors: ['escalation_not_found'],
  });
  escalations({
    method: 'post',
    path: '/escalations/:id/resolve',
    operationId: 'resolveEscalation',
    summary: 'Resolve an escalation',
    description: 'With a written `resolution`, or one of its `option`s (numbered from 1) and an optional reason.',
    body: { schema: ResolveEscalationBody.meta({ id: 'ResolveEscalationBody' }) },
    ok: { status: 200, description: 'The escalation, resolved.', schema: escalation },
    errors: ['escalation_not_found', ...CHOICE, ...SETTLE],
  });

  const inbox = docs.resource('Inbox');
  inbox({
    method: 'get',
    path: '/inbox',
    operationId: 'listInbox',
    summary: 'Approvals and escalations as messages',
    query: z.strictObject({ limit: limitParam(50, 200) }),
    ok: { status: 200, description: 'Messages, newest first.', schema: many('messages', views.InboxMessage) },
  });
  inbox({
    method: 'post',
    path: '/inbox/:id/reply',
    operationId: 'replyToInbox',
    summary: 'Reply to an Inbox message',
    description: '"yes", "no — why", a resolution, or an option by number or name settles the record, as its own endpoint would.',
    params: { id: z.string().regex(/^(approval|escalation):[A-Za-z0-9_]{1,100}$/).meta({ description: '`approval:<id>` or `escalation:<id>`.' }) },
    body: { schema: z.strictObject({ text: z.string().trim().min(1).max(4000) }).meta({ id: 'InboxReplyBody' }) },
    ok: { status: 200, description: 'The approval or the escalation, settled.', schema: z.union([approval, escalation]) },
    errors: ['not_found', 'approval_not_found', 'escalation_not_found', ...CHOICE, ...SETTLE],
  });
}
