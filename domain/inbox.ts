/** An Inbox message (§6.16): the message-center mirror of an approval or an escalation. */
import { z } from 'zod';
import { filledText } from './text-fields';
import { ApprovalStatus, RiskFlag } from './approval';
import { EscalationStatus } from './escalation';

export const InboxMessageKind = ['approval', 'escalation'] as const;
export type InboxMessageKind = (typeof InboxMessageKind)[number];

export const InboxMessage = z
  .object({
    /** `approval:<id>` or `escalation:<id>`. */
    id: z.string().regex(/^(approval|escalation):/),
    kind: z.enum(InboxMessageKind),
    title: z.string(),
    body: z.string().nullable(),
    /** The record's own status. */
    status: z.union([z.enum(ApprovalStatus), z.enum(EscalationStatus)]),
    open: z.boolean(),
    /** The decision that carries it into the queue. */
    decisionId: z.string().nullable(),
    agentName: z.string().nullable(),
    /** An approval's risk flags, as Home shows them; an escalation has none. */
    risks: z.array(z.enum(RiskFlag)),
    /**
     * Once settled: what was chosen — an escalation's resolution (its option or written answer,
     * the reason after a dash); for an approval its status says it, and this is its reason, if any.
     */
    answer: z.string().nullable(),
    /** Who settled it: a member's id and name (null before, or when nobody did by hand). */
    answeredBy: z.string().nullable(),
    answeredByName: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'InboxMessage', description: 'An approval or an escalation as a message, with the decision that carries it.' });
export type InboxMessage = z.infer<typeof InboxMessage>;

/** `POST /api/v1/inbox/:id/reply`: "yes", "no — why", a resolution, or an option by number or name (inbox-reply.ts). */
export const InboxReplyBody = z.strictObject({ text: filledText(4000) });
export type InboxReplyBody = z.infer<typeof InboxReplyBody>;
