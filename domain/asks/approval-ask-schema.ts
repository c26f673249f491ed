/** An approval ask: yes or no on an action the agent proposes, shown with its risks (FR-16). */
import { z } from 'zod';
import { filledText } from '../text-fields';
import { ApprovalActionKind } from './approval-ask';
import { askBase } from './ask-base-schema';
import { MAX_APPROVERS } from '../approval-quorum';

/** An action's one-line summary, in UTF-16 code units (as `z.string().max` counts). */
export const ACTION_SUMMARY_MAX = 1000;

export const ApprovalAsk = z.strictObject({
  kind: z.literal('approval'),
  ...askBase,
  action: z.strictObject({
    kind: z.enum(ApprovalActionKind).default('other'),
    summary: filledText(ACTION_SUMMARY_MAX),
  }),
  risks: z.array(filledText(200)).max(10).default([]),
  /**
   * Issue 41 item 3: how many different people must approve it (1 unless said). The workspace's
   * minimum for the action kind raises it; one rejection vetoes it whatever the count.
   */
  approvers: z
    .strictObject({ required: z.int().min(1).max(MAX_APPROVERS) })
    .optional()
    .meta({ description: 'How many different people must approve (1–9); the workspace minimum for the action kind may raise it.' }),
});
export type ApprovalAsk = z.infer<typeof ApprovalAsk>;

export const ApprovalAnswer = z
  .strictObject({
    kind: z.literal('approval'),
    decision: z.enum(['approve', 'reject']),
    /**
     * "Allow, and always allow this in the project": on a host's permission card, the host
     * writes an allow rule so the same call is not asked again (Claude Code's PermissionRequest
     * hook, issue 31 item 9). Only a card whose host sent the rules it keeps takes it
     * (`always_not_offered` otherwise).
     */
    always: z.literal(true).optional(),
  })
  .refine((answer) => answer.always === undefined || answer.decision === 'approve', {
    message: '"always" goes only with decision "approve".',
    path: ['always'],
  });
export type ApprovalAnswer = z.infer<typeof ApprovalAnswer>;
