/**
 * Escalations (AW-03 §5.1): the record an agent writes when it gives up. It says why (one of
 * ten reason codes), what it tried, how sure it is, and what must be decided. A second
 * escalation with the dedupe key of an open one updates that one instead of opening another.
 * It projects into the queue as a decision with one derived ask (FR-13): a fact ask whose
 * prompt is "what must be decided", or a decision ask when the agent offers options.
 */
import { z } from 'zod';
import { filledText } from './text-fields';
import { DISTINCT_LABELS, labelText, refineLabels } from './option-labels-schema';
import { RecordLinks } from './record-links';

/**
 * Why an agent gave up:
 *   - missing_information: a fact only a person has (a rate, a name, a date);
 *   - ambiguous_instructions: its instructions allow more than one reading;
 *   - conflicting_instructions: two instructions contradict each other here;
 *   - needs_permission: it may not act without a person's say-so;
 *   - missing_access: a tool or system it needs is not granted;
 *   - external_dependency: waiting on something outside the workspace;
 *   - repeated_failure: it tried and failed more times than it should retry;
 *   - low_confidence: it could act but is not sure enough to;
 *   - policy_boundary: acting would cross a rule it must not cross alone;
 *   - out_of_scope: the request is not the kind of work it is for.
 */
export const EscalationReason = [
  'missing_information',
  'ambiguous_instructions',
  'conflicting_instructions',
  'needs_permission',
  'missing_access',
  'external_dependency',
  'repeated_failure',
  'low_confidence',
  'policy_boundary',
  'out_of_scope',
] as const;
export type EscalationReason = (typeof EscalationReason)[number];

const LinkId = filledText(200);

export const RaiseEscalationBody = z
  .strictObject({
    reasonCode: z.enum(EscalationReason),
    /** What happened, for the decision's context. */
    summary: filledText(4000),
    /** What must be decided: the derived ask's prompt. */
    mustDecide: filledText(1000),
    /** Options make the derived ask a choice (2–9 labels, each there and each its own). */
    options: z.array(labelText(200)).min(2).max(9).meta(DISTINCT_LABELS).optional(),
    attempts: z.array(filledText(1000)).max(20).default([]),
    confidence: z.number().min(0).max(1).optional(),
    /** A second escalation with an open one's key updates it. */
    dedupeKey: filledText(200).optional(),
    agent: LinkId.optional(),
    task: LinkId.optional(),
    session: LinkId.optional(),
    run: LinkId.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.options) refineLabels(body.options, ctx, (index) => ['options', index]);
  });
export type RaiseEscalationBody = z.infer<typeof RaiseEscalationBody>;

/** The resolve endpoint (and the chat tool): a written resolution, or one of its options. */
export const ResolveEscalationBody = z.union([
  z.strictObject({ resolution: filledText(4000) }),
  z.strictObject({ option: z.number().int().min(1).max(9), reason: filledText(2000).optional() }),
]);
export type ResolveEscalationBody = z.infer<typeof ResolveEscalationBody>;

/** `archived`: its decision was set aside unanswered (AW-03 §10); a restore opens it again. */
export const EscalationStatus = ['open', 'resolved', 'archived'] as const;
export type EscalationStatus = (typeof EscalationStatus)[number];

export const Escalation = z
  .object({
    id: z.string(),
    reasonCode: z.enum(EscalationReason),
    summary: z.string(),
    mustDecide: z.string(),
    options: z.array(z.string()).nullable(),
    attempts: z.array(z.string()),
    confidence: z.number().min(0).max(1).nullable(),
    dedupeKey: z.string().nullable(),
    status: z.enum(EscalationStatus),
    /** The queue's decision that carries it. */
    decisionId: z.string().nullable(),
    resolution: z.string().nullable(),
    resolvedBy: z.string().nullable(),
    resolvedAt: z.iso.datetime().nullable(),
    links: RecordLinks,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Escalation', description: 'Why an agent gave up, what must be decided, and its resolution.' });
export type Escalation = z.infer<typeof Escalation>;
