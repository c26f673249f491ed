/**
 * Delegation (issue 41 item 5): a member away hands what is addressed to them to another member
 * from a start to an end. While the window is open the delegate's "For me" holds it, they may
 * answer it where only assignees may, and its notifications reach them; the card still names the
 * original assignee, and the record says who acted for whom. Chains are followed a few links and
 * never in a loop.
 */
import { z } from 'zod';

/** How far a delegation passes on: Dana → Sam → Ada, no further. */
export const DELEGATION_DEPTH = 3;
/** The longest window: a long leave, not a permanent handover (that is a reassignment). */
export const DELEGATION_MAX_DAYS = 366;

export const Delegation = z
  .object({
    id: z.string(),
    /** The member away. */
    memberId: z.string(),
    memberName: z.string(),
    /** Who covers for them. */
    delegateId: z.string(),
    delegateName: z.string(),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    /** Set when it was ended before its end. */
    endedAt: z.iso.datetime().nullable(),
    createdBy: z.string(),
    /** Open now: started, not ended. */
    active: z.boolean(),
  })
  .meta({ id: 'Delegation' });
export type Delegation = z.infer<typeof Delegation>;

export const CreateDelegationBody = z
  .strictObject({
    /** Who covers: a member id. */
    to: z.string().min(1).max(100),
    /** Whose decisions: a member id; absent, the caller's own (someone else's needs `member.manage`). */
    from: z.string().min(1).max(100).optional(),
    /** Absent: now. */
    startsAt: z.iso.datetime({ offset: true }).optional(),
    endsAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'CreateDelegationBody' });
export type CreateDelegationBody = z.infer<typeof CreateDelegationBody>;
