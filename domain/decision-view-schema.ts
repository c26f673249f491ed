/**
 * What a decision is on the wire and in the workflow's state: the snapshot the workflow keeps
 * and the view the API answers with. `decision.ts` takes its types from here with
 * `import type`, so the workflow bundle, which imports it, stays zod-free.
 */
import { z } from 'zod';
import { AssigneeRef } from './assignment';
import { orNull } from './or-null';
import { AccessAsk, ActionAsk, AnswerValue, ApprovalAsk, DecisionAsk, FactAsk } from './ask-schema';
import { AccessVerification } from './asks/access-ask';
import { ArchiveReason, AskStatus, DecisionMode, DecisionStatus, DeliveryOutcomeKind, HostPromptKind, RecordKind } from './decision';
import { DocumentRefs } from './documents-schema';
import { DecisionId, StackId } from './ids';
import { Provenance } from './provenance-schema';
import { Quorum } from './approval-quorum-schema';

/** A moment as the JSON carries it: `toISOString()`. */
export const Timestamp = z.iso.datetime();

export const RecordedAnswer = z
  .object({
    value: AnswerValue,
    reason: z.string().nullable(),
    /** A member id, or `auto-default` when the stack's policy gave it. */
    answeredBy: z.string(),
    answeredAt: Timestamp,
    /** Access asks only: checked against the agent's grants, or closed on the member's word (E9). */
    verification: z.enum(AccessVerification).optional(),
    /** Given by the machine, not by a person: the stack's auto-default, or a rule (issue 42); `provenance` says which. */
    automatic: z.literal(true).optional(),
    /** Who gave it, through which channel, and a digest of what it approved (issue 38 item 10); absent on answers recorded before. */
    provenance: Provenance.optional(),
  })
  .meta({ id: 'RecordedAnswer' });
export type RecordedAnswer = z.infer<typeof RecordedAnswer>;

/** An answer taken back with Undo, kept with who withdrew it and when (FR-42). */
export const WithdrawnAnswer = RecordedAnswer.extend({ withdrawnBy: z.string(), withdrawnAt: Timestamp }).meta({ id: 'WithdrawnAnswer' });

/** What the decision adds to each ask it was filed with. */
const askState = {
  position: z.int().min(1),
  status: z.enum(AskStatus),
  answer: orNull(RecordedAnswer),
  /** Answers taken back with Undo, oldest first; never erased (FR-42). */
  withdrawnAnswers: z.array(WithdrawnAnswer).optional(),
};

/** An ask as the decision holds it: the ask it was filed with, its place, its status and answer. */
export const AskState = z
  .discriminatedUnion('kind', [
    DecisionAsk.safeExtend(askState),
    ApprovalAsk.safeExtend({ ...askState, quorum: Quorum.optional() }),
    FactAsk.safeExtend(askState),
    AccessAsk.safeExtend(askState),
    ActionAsk.safeExtend(askState),
  ])
  .meta({ id: 'AskState' });
export type AskState = z.infer<typeof AskState>;

/** Links the API resolved and checked at filing time (ids in the caller's workspace). */
export const DecisionLinks = z
  .object({
    sessionId: z.string().nullable(),
    agentId: z.string().nullable(),
    taskId: z.string().nullable(),
    runId: z.string().nullable(),
    missionId: z.string().nullable(),
    /**
     * The project it was filed in (the session's scope at that moment): the decision keeps it,
     * whatever a later filing from the same session says (issue 39 item 2). Absent on decisions
     * filed before it was carried.
     */
    scope: z.string().nullable().optional(),
    /**
     * Whom the filing addressed it to (issue 41 item 1), as filed: a person's reassignment is
     * the read model's (the card's `assignment`), not the workflow's. Absent: nobody.
     */
    assignee: AssigneeRef.nullable().optional(),
  })
  .meta({ id: 'DecisionLinks' });
export type DecisionLinks = z.infer<typeof DecisionLinks>;

/** How the answer reached the agent (FR-31, FR-33, FR-34). */
export const DeliveryOutcome = z
  .object({
    kind: z.enum(DeliveryOutcomeKind),
    runId: z.string().nullable(),
    /** Blockers other than this decision still holding the linked task (E16). */
    otherBlockers: z.int().min(0),
    failure: z.string().nullable(),
    at: Timestamp,
  })
  .meta({ id: 'DeliveryOutcome' });
export type DeliveryOutcome = z.infer<typeof DeliveryOutcome>;

/**
 * What a decision carries into the queue besides an agent's own filing: a record with its own
 * doors (FR-13, FR-29), or a host's permission prompt or terminal question, which has no
 * authored payload — its card shows what the session last said and its pinned state.
 */
export const DecisionSource = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.enum(RecordKind), id: z.string() }),
    z.object({
      kind: z.enum(HostPromptKind),
      id: z.string(),
      tool: z.string().nullable(),
      lastAssistantMessage: z.string().nullable(),
      pinned: z.string().nullable(),
      /** A permission prompt's whole tool input, as the host sent it (issue 31 item 2); absent before it was kept. */
      toolInput: z.record(z.string(), z.unknown()).nullable().optional(),
      /** When the host stops waiting for the answer; past it the card is withdrawn (issue 31 item 5). */
      waitsUntil: Timestamp.nullable().optional(),
      /** The allow rules its host keeps on an "always" approve; absent or null, the card offers none (issue 31 item 9). */
      alwaysAllows: z.array(z.string()).nullable().optional(),
      /** True when its host runs an edited tool input (issue 43 item 6); absent or null, the card offers no edit. */
      editable: z.literal(true).nullable().optional(),
    }),
  ])
  .meta({ id: 'DecisionSource' });
export type DecisionSource = z.infer<typeof DecisionSource>;

/** A person archived it, or Cast did because the work it belonged to is gone (FR-49). */
export const ArchiveRecord = z
  .object({ by: z.string().nullable(), reason: z.enum(ArchiveReason), at: Timestamp })
  .meta({ id: 'ArchiveRecord' });
export type ArchiveRecord = z.infer<typeof ArchiveRecord>;

/** What a member's decision keeps about its stack: which one, and when its default is due. */
export const StackMembership = z.object({ stackId: StackId, deadline: Timestamp.nullable() }).meta({ id: 'StackMembership' });
export type StackMembership = z.infer<typeof StackMembership>;

/**
 * The whole state of one decision. The workflow owns it; the mirror writes it to Postgres;
 * every change bumps `revision` so an older snapshot can never overwrite a newer one.
 */
export const DecisionSnapshot = z.object({
  id: DecisionId,
  number: z.int().min(1),
  workspaceId: z.string(),
  question: z.string(),
  context: z.string().nullable(),
  mode: z.enum(DecisionMode),
  defaultOption: z.int().min(1).nullable(),
  confidence: z.number().min(0).max(1).nullable(),
  attempts: z.array(z.string()),
  documents: DocumentRefs,
  status: z.enum(DecisionStatus),
  asks: z.array(AskState),
  links: DecisionLinks,
  /** The session's message count when it was asked, for "N messages since". */
  messagesAtAsk: z.int().min(0).nullable(),
  droppedAsks: z.int().min(0),
  filedBy: z.string(),
  delivery: orNull(DeliveryOutcome),
  /** How long an answer can be undone (FR-37). */
  undoWindowMs: z.int().min(0),
  /** Who set it aside and why, while it is archived (§6.12). */
  archived: orNull(ArchiveRecord),
  /** The stack it belongs to, and when its auto-default is due. */
  stack: orNull(StackMembership),
  /** The record behind it, when it carries an approval or an escalation; its first ask is the derived one. */
  source: orNull(DecisionSource),
  revision: z.int().min(1),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  resolvedAt: Timestamp.nullable(),
  closedAt: Timestamp.nullable(),
});
export type DecisionSnapshot = z.infer<typeof DecisionSnapshot>;

/** What the API returns for a decision: the snapshot minus internal bookkeeping, plus read-side facts. */
export const DecisionView = DecisionSnapshot.omit({ workspaceId: true, number: true })
  .extend({
    progress: z.object({ answered: z.int().min(0), required: z.int().min(0) }),
    notes: z.array(z.string()),
    /** A person's first look (FR-14); agents' reads do not count. */
    firstViewedAt: Timestamp.nullable(),
  })
  .meta({ id: 'Decision', description: 'A decision: its asks with their answers, status, links, delivery and documents.' });
export type DecisionView = z.infer<typeof DecisionView>;

/** Another open decision of the same session, as a filing's card lists it (cast-decide). */
export const OpenElsewhere = z
  .object({
    id: DecisionId,
    question: z.string(),
    /** "2 h ago". */
    askedAgo: z.string(),
    messagesSince: z.int().min(0),
    /** The whole line the card prints for it. */
    line: z.string(),
    /** Open 2 h or 30 messages: the agent should ask whether it still matters. */
    stale: z.boolean(),
  })
  .meta({ id: 'OpenElsewhere' });
export type OpenElsewhere = z.infer<typeof OpenElsewhere>;

/** What a filing returns beside the decision: notes on what it lacks, and the session's other open decisions. */
export const FilingCard = z
  .object({
    notes: z.array(z.string()),
    openInSession: z.array(OpenElsewhere),
    staleHint: z.string().nullable(),
    url: z.url().meta({ description: "The decision's page in the web queue, on CAST_PUBLIC_URL when it is set." }),
  })
  .meta({ id: 'FilingCard' });
export type FilingCard = z.infer<typeof FilingCard>;

/** One of a session's decisions, with how long ago it was asked and how far the session has moved since. */
export const SessionDecision = z
  .object({ decision: DecisionView, askedAgo: z.string(), messagesSince: z.int().min(0), stale: z.boolean() })
  .meta({ id: 'SessionDecision' });
export type SessionDecision = z.infer<typeof SessionDecision>;
