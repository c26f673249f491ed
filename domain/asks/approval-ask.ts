/** An approval ask: yes or no on an action the agent proposes, shown with its risks (FR-16). */
import { z } from 'zod';
import { askBase } from './common';

export const ApprovalActionKind = ['spawn_agent', 'schedule_task', 'send_message', 'override_budget', 'other'] as const;

export const ApprovalAsk = z.strictObject({
  kind: z.literal('approval'),
  ...askBase,
  action: z.strictObject({
    kind: z.enum(ApprovalActionKind).default('other'),
    summary: z.string().trim().min(1).max(1000),
  }),
  risks: z.array(z.string().trim().min(1).max(200)).max(10).default([]),
});
export type ApprovalAsk = z.infer<typeof ApprovalAsk>;

export const ApprovalAnswer = z.strictObject({
  kind: z.literal('approval'),
  decision: z.enum(['approve', 'reject']),
});
export type ApprovalAnswer = z.infer<typeof ApprovalAnswer>;

/** FR-24: a rejection needs a reason; it is what the agent learns from. */
export function approvalNeedsReason(answer: ApprovalAnswer): boolean {
  return answer.decision === 'reject';
}

export function describeApproval(answer: ApprovalAnswer): string {
  return answer.decision === 'approve' ? 'Approved' : 'Rejected';
}
