/**
 * Approvals (AW-03 §5.1): an agent's proposed side-effectful action, waiting for a person.
 * Cast records the verdict and never executes the action itself (FR-36); the agent does,
 * once it hears "approved". An approval projects into the queue as a decision with one
 * derived approval ask (FR-13), and every door resolves it the same way (FR-29).
 */
import { z } from 'zod';
import { filledText, trimmedText } from './text-fields';
import { Reason } from './ask-schema';
import { RecordLinks } from './record-links';

export const ApprovalActionType = ['spawn_agent', 'schedule_task', 'send_message', 'override_budget'] as const;
export type ApprovalActionType = (typeof ApprovalActionType)[number];

/** Risk flags shown on the approval (§6.3 "RISKS"). */
export const RiskFlag = ['spends_money', 'recurring', 'external_reach', 'irreversible'] as const;
export type RiskFlag = (typeof RiskFlag)[number];

export const RISK_WORDS: Record<RiskFlag, string> = {
  spends_money: 'Spends real money',
  recurring: 'Recurring until cancelled',
  external_reach: 'Reaches outside the workspace',
  irreversible: 'Irreversible',
};

const LinkId = filledText(200);

export const ProposeApprovalBody = z.strictObject({
  actionType: z.enum(ApprovalActionType),
  /** What the agent wants to do, in one line: the ask's prompt. */
  summary: filledText(500),
  /** Why, and what it looked at: the decision's context. */
  context: trimmedText(4000).optional(),
  risks: z.array(z.enum(RiskFlag)).max(RiskFlag.length).default([]),
  /** The action's parameters, kept for the agent; Cast does not interpret them. */
  payload: z.record(z.string(), z.unknown()).optional(),
  agent: LinkId.optional(),
  task: LinkId.optional(),
  session: LinkId.optional(),
  run: LinkId.optional(),
});
export type ProposeApprovalBody = z.infer<typeof ProposeApprovalBody>;

export const ApproveBody = z.strictObject({ reason: Reason.optional() });
export const RejectBody = z.strictObject({ reason: Reason });

/**
 * `archived`: its decision was set aside unanswered (AW-03 §10, FR-46); a restore makes it
 * pending again. Nothing approves or rejects it meanwhile.
 */
export const ApprovalStatus = ['pending', 'approved', 'rejected', 'archived'] as const;
export type ApprovalStatus = (typeof ApprovalStatus)[number];

export const Approval = z
  .object({
    id: z.string(),
    actionType: z.enum(ApprovalActionType),
    summary: z.string(),
    risks: z.array(z.enum(RiskFlag)),
    /** The action's parameters as the agent sent them. */
    payload: z.record(z.string(), z.unknown()),
    status: z.enum(ApprovalStatus),
    /** The queue's decision that carries it. */
    decisionId: z.string().nullable(),
    decidedBy: z.string().nullable(),
    decidedAt: z.iso.datetime().nullable(),
    reason: z.string().nullable(),
    links: RecordLinks,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Approval', description: 'A proposed side-effectful action, its risks and its verdict.' });
export type Approval = z.infer<typeof Approval>;
