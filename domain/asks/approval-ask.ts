/** An approval ask's rules (FR-16, FR-24), zod-free for the workflow bundle; its wire shape is in `approval-ask-schema.ts`. */
import type { ApprovalAnswer } from './approval-ask-schema';

export const ApprovalActionKind = ['spawn_agent', 'schedule_task', 'send_message', 'override_budget', 'other'] as const;

/** FR-24: a rejection needs a reason; it is what the agent learns from. */
export function approvalNeedsReason(answer: ApprovalAnswer): boolean {
  return answer.decision === 'reject';
}

export function describeApproval(answer: ApprovalAnswer): string {
  if (answer.decision === 'reject') return 'Rejected';
  // The edited call itself is on the answer (`editedInput`); the words say it is not the proposal.
  return answer.editedInput ? 'Approved, as edited' : 'Approved';
}
