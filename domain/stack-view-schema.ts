/** A stack as the API answers with it, apart from `stack.ts`: the workflow bundle imports that, zod-free. */
import { z } from 'zod';
import { DecisionId, StackId } from './ids';
import { StackStatus } from './stack';

export const StackMember = z
  .object({
    decisionId: DecisionId,
    joinedAt: z.iso.datetime(),
    /** Whether the member is still open; every member closed closes the stack. */
    open: z.boolean(),
  })
  .meta({ id: 'StackMember' });
export type StackMember = z.infer<typeof StackMember>;

export const StackView = z
  .object({
    id: StackId,
    title: z.string(),
    createdBy: z.string(),
    dueAt: z.iso.datetime().nullable(),
    autoDefaultMs: z.int().min(1).nullable(),
    /** In the stack's order. */
    members: z.array(StackMember),
    status: z.enum(StackStatus),
    revision: z.int().min(1),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    closedAt: z.iso.datetime().nullable(),
    /** Open, with its due time passed: the queue lists it first. */
    overdue: z.boolean(),
  })
  .meta({ id: 'Stack', description: 'A stack: its title, members in order, due time, auto-default policy and status.' });
export type StackView = z.infer<typeof StackView>;
