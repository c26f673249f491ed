/**
 * Approvals that need more than one person (issue 41 items 3, 4). An approval ask may require N
 * distinct approvers: it resolves when N have approved, one rejection vetoes it, and a barred
 * member (the one whose own agent asked, when the workspace separates duties for the action) may
 * not approve it. The workspace's settings and the filing agent's wish arrive in the decision's
 * start as an `ApprovalPolicy`; the workflow fixes each approval ask's `quorum` from it when the
 * ask is asked, so what the ask needs never changes under the people answering it.
 * Zod-free, for the workflow bundle; the wire shapes are in `approval-quorum-schema.ts`.
 */
import type { ApprovalActionKind } from './asks/approval-ask';
import type { AnswerValue, Ask } from './ask-schema';
import type { Rejection } from './errors';
import type { Approval, Quorum } from './approval-quorum-schema';

/** The most approvers one ask may require: more than any team approves anything with. */
export const MAX_APPROVERS = 9;

type ActionKind = (typeof ApprovalActionKind)[number];

/**
 * What the filing service read from the workspace when it filed, passed in the start so the
 * workflow stays deterministic. Rules (a later issue) pass the same shape.
 */
export type ApprovalPolicy = {
  /** What an approval ask of each action kind needs; a kind left out needs one approver, anyone. */
  actions: Partial<Record<ActionKind, ApprovalRequirement>>;
  /** What an approval ask naming each risk (its flag, or the words shown for it) needs. */
  risks: Record<string, ApprovalRequirement>;
  /** The member who owns the asking session, or filed through their own token. */
  asker: string;
};

/** The least number of different approvers, and whether the asker is barred from approving. */
export type ApprovalRequirement = { minimum: number; separation: boolean };

// The shapes are zod schemas in approval-quorum-schema.ts; these are their types.
export type { Approval, Quorum };

type ApprovalDefinition = Extract<Ask, { kind: 'approval' }>;

/**
 * The quorum an approval ask is asked with: the larger of the agent's `approvers.required` and
 * the workspace's minimum for its action kind and its risks; none when that is one approver and nobody is
 * barred (the ask then behaves exactly as before issue 41).
 */
export function quorumFor(ask: ApprovalDefinition, policy: ApprovalPolicy | undefined): Quorum | undefined {
  if (!policy) return undefined;
  // The strictest of what its action kind and each of its risks need.
  const applying = [policy.actions[ask.action.kind], ...ask.risks.map((risk) => policy.risks[risk])].filter(
    (requirement): requirement is ApprovalRequirement => requirement !== undefined,
  );
  const minimum = Math.max(1, ...applying.map((requirement) => requirement.minimum));
  const required = Math.min(MAX_APPROVERS, Math.max(ask.approvers?.required ?? 1, minimum));
  const barred = applying.some((requirement) => requirement.separation) ? policy.asker : null;
  if (required <= 1 && !barred) return undefined;
  return { required, barred, approvals: [] };
}

const isApprove = (value: AnswerValue): boolean => value.kind === 'approval' && value.decision === 'approve';

/**
 * Why this member's approval cannot count, or null. A rejection (a veto) is anyone's but the
 * barred member's approval is refused: they may still stop their own agent's action.
 */
export function checkApproval(quorum: Quorum | undefined, position: number, value: AnswerValue, by: string): Rejection | null {
  if (!quorum || !isApprove(value)) return null;
  if (quorum.barred === by) {
    return {
      code: 'separation_of_duties',
      message: 'You cannot approve a request your own agent made: someone else must approve it. Nothing was changed.',
      details: { ask: position },
    };
  }
  if (quorum.approvals.some((approval) => approval.by === by)) {
    return {
      code: 'already_approved',
      message: `You already approved this; it needs ${quorum.required} different people. Nothing was changed.`,
      details: { ask: position, approvals: quorum.approvals.length, required: quorum.required },
    };
  }
  return null;
}

/** Whether this approve completes the quorum (a reject, or an ask without one, answers at once). */
export function completesQuorum(quorum: Quorum | undefined, value: AnswerValue): boolean {
  if (!quorum || !isApprove(value)) return true;
  return quorum.approvals.length + 1 >= quorum.required;
}

/** How many more approvals the ask needs. */
export function approvalsNeeded(quorum: Quorum): number {
  return Math.max(0, quorum.required - quorum.approvals.length);
}

/** The approval this member gave and may still take back, if any. */
export function approvalBy(quorum: Quorum | undefined, by: string): Approval | undefined {
  return quorum?.approvals.find((approval) => approval.by === by);
}
