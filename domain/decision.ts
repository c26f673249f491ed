/**
 * The decision: what an agent files, what the workflow keeps, and what readers see.
 * One schema per wire shape; the API validates with these, the workflow is typed by them.
 */
import { z } from 'zod';
import { AnswerValue, Ask, Reason, type AccessVerification } from './ask';
import { DocumentEditFields, DocumentFields, type DocumentPatch, type DocumentRefs } from './documents';
import type { DecisionId} from './ids';
import { StackId } from './ids';
import { SessionId } from './session';
import type { StackMembership } from './stack';

export { DecisionId } from './ids';

export function decisionIdOf(number: number): DecisionId {
  return `sd-${number}`;
}

export function decisionNumberOf(id: DecisionId): number {
  return Number(id.slice(3));
}

export const MAX_ASKS = 10;

export const DecisionMode = ['blocking', 'advisory'] as const;
export type DecisionMode = (typeof DecisionMode)[number];

const LinkId = z.string().trim().min(1).max(200);

/** What can change on an open decision: filing it again or editing it rewrites these. */
const DecisionContent = {
  question: z.string().trim().min(1).max(1000),
  context: z.string().trim().max(4000).optional(),
  asks: z.array(Ask).min(1).max(MAX_ASKS),
  mode: z.enum(DecisionMode).default('blocking'),
  /** The option (of the first choice ask) an advisory decision proceeds on until answered. */
  defaultOption: z.number().int().min(1).max(25).optional(),
  /** How sure the agent is, 0–1; unscored ranks as 0.5 (FR-4). */
  confidence: z.number().min(0).max(1).optional(),
  /** What the agent already tried (FR-10). */
  attempts: z.array(z.string().trim().min(1).max(1000)).max(20).optional(),
};

/** The content rules that span fields, shared by filing and by an edit's merged result. */
export const DecisionContentSchema = z.strictObject(DecisionContent).superRefine((body, ctx) => advisoryHasDefault(body, ctx));

function advisoryHasDefault(body: { mode: DecisionMode; defaultOption?: number | undefined; asks: Ask[] }, ctx: z.RefinementCtx) {
  if (body.mode === 'blocking') {
    if (body.defaultOption !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['defaultOption'], message: 'Only an advisory decision has a default option.' });
    }
    return;
  }
  const choice = body.asks.find((ask) => ask.kind === 'decision');
  if (!choice) {
    ctx.addIssue({ code: 'custom', path: ['mode'], message: 'An advisory decision needs a choice ask whose default it proceeds on.' });
  } else if (body.defaultOption === undefined || body.defaultOption > choice.options.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['defaultOption'],
      message: `An advisory decision declares its default: an option between 1 and ${choice.options.length}.`,
    });
  }
}

/** Option pages must belong to an option of a choice ask. */
function optionPagesFit(
  body: { asks?: Ask[] | undefined; optionPages?: Array<{ ask: number; option: number }> | undefined },
  ctx: z.RefinementCtx,
) {
  // An edit that leaves the asks alone is checked against them once merged (mergeEdit).
  if (!body.asks) return;
  body.optionPages?.forEach((page, index) => {
    const ask = body.asks?.[page.ask - 1];
    if (!ask || ask.kind !== 'decision' || page.option > ask.options.length) {
      ctx.addIssue({ code: 'custom', path: ['optionPages', index], message: `Ask ${page.ask} has no option ${page.option} to attach a page to.` });
    }
  });
}

export const FileDecisionBody = z
  .strictObject({
    ...DecisionContent,
    ...DocumentFields,
    /** The asking session: the host's own conversation id (DESIGN §4). */
    session: SessionId.optional(),
    /** The project the session works in. */
    scope: z.string().trim().min(1).max(200).optional(),
    agent: LinkId.optional(),
    task: LinkId.optional(),
    run: LinkId.optional(),
    /** Appends the decision to this stack (`--stack ds-7`). */
    stack: StackId.optional(),
  })
  .superRefine((body, ctx) => {
    advisoryHasDefault(body, ctx);
    optionPagesFit(body, ctx);
  });
export type FileDecisionBody = z.infer<typeof FileDecisionBody>;

/** An agent's edit of its open decision: any content field; `mode: "blocking"` clears the default. */
export const EditDecisionBody = z
  .strictObject({
    question: DecisionContent.question.optional(),
    context: DecisionContent.context,
    asks: DecisionContent.asks.optional(),
    mode: z.enum(DecisionMode).optional(),
    defaultOption: DecisionContent.defaultOption,
    confidence: DecisionContent.confidence,
    attempts: DecisionContent.attempts,
    ...DocumentEditFields,
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' })
  .superRefine(optionPagesFit);
export type EditDecisionBody = z.infer<typeof EditDecisionBody>;

/** An edit as the workflow receives it: documents already stored, named by hash. */
export type DecisionEdit = Omit<EditDecisionBody, 'report' | 'doc' | 'optionPages'> & { documents?: DocumentPatch };

/**
 * E10: a decision keeps its first 10 asks; the rest are counted, not refused. Applied to the
 * raw body before validation, so only the kept asks are validated.
 */
export function capAsks(raw: unknown): { body: unknown; droppedAsks: number } {
  if (typeof raw !== 'object' || raw === null || !('asks' in raw) || !Array.isArray(raw.asks)) {
    return { body: raw, droppedAsks: 0 };
  }
  const asks: unknown[] = raw.asks;
  if (asks.length <= MAX_ASKS) return { body: raw, droppedAsks: 0 };
  return { body: { ...raw, asks: asks.slice(0, MAX_ASKS) }, droppedAsks: asks.length - MAX_ASKS };
}

export function overLimitNote(droppedAsks: number): string | null {
  return droppedAsks > 0
    ? `${droppedAsks} further questions were not recorded — this decision was too long.`
    : null;
}

export const AnswerBody = z.strictObject({
  answer: AnswerValue,
  reason: Reason.optional(),
});
export type AnswerBody = z.infer<typeof AnswerBody>;

/** Links the API resolved and checked at filing time (ids in the caller's workspace). */
export type DecisionLinks = {
  sessionId: string | null;
  agentId: string | null;
  taskId: string | null;
  runId: string | null;
  missionId: string | null;
};

export type DecisionContent = Pick<FileDecisionBody, 'question' | 'context' | 'asks' | 'mode' | 'defaultOption' | 'confidence' | 'attempts'> & {
  documents?: DocumentRefs;
};

/** Workflow input: validated content plus what the API knows about who filed it and where. */
export type DecisionStart = DecisionContent & {
  id: DecisionId;
  number: number;
  workspaceId: string;
  filedBy: string;
  links: DecisionLinks;
  /** The session's message count when it was asked, for "N messages since". */
  messagesAtAsk: number | null;
  droppedAsks: number;
  /** How long an answer can be undone (FR-37); 10 minutes unless a test injects less. */
  undoWindowMs?: number;
  /** The approval or escalation this decision carries into the queue (FR-13). */
  source?: DecisionSource;
  /** When the filing request stops waiting; see `expiredCommand`. */
  expiresAt?: string;
};

export type RecordedAnswer = {
  value: AnswerValue;
  reason: string | null;
  answeredBy: string;
  answeredAt: string;
  /** Access asks only: checked against the agent's grants, or closed on the member's word (E9). */
  verification?: AccessVerification;
  /** Given by the stack's auto-default policy, not by a person. */
  automatic?: true;
};

export const AskStatus = ['open', 'answered', 'withdrawn', 'superseded'] as const;
export type AskStatus = (typeof AskStatus)[number];

export type AskState = Ask & {
  position: number;
  status: AskStatus;
  answer: RecordedAnswer | null;
  /** Answers taken back with Undo, oldest first; never erased (FR-42). */
  withdrawnAnswers?: Array<RecordedAnswer & { withdrawnBy: string; withdrawnAt: string }>;
};

export const DecisionStatus = ['open', 'resolved', 'withdrawn', 'archived'] as const;
export type DecisionStatus = (typeof DecisionStatus)[number];

/** How the answer reached the agent (FR-31, FR-33, FR-34). */
export const DeliveryOutcomeKind = ['injected', 'restarted', 'queued', 'nothing', 'failed'] as const;
export type DeliveryOutcome = {
  kind: (typeof DeliveryOutcomeKind)[number];
  runId: string | null;
  /** Blockers other than this decision still holding the linked task (E16). */
  otherBlockers: number;
  failure: string | null;
  at: string;
};

/**
 * What a decision carries into the queue besides an agent's own filing: a record with its own
 * doors (FR-13, FR-29), or a host's permission prompt or terminal question, which has no
 * authored payload — its card shows what the session last said and its pinned state.
 */
export type DecisionSource =
  | { kind: 'approval' | 'escalation'; id: string }
  | { kind: 'permission' | 'terminal'; id: string; tool: string | null; lastAssistantMessage: string | null; pinned: string | null };

export function isRecordSource(source: DecisionSource | null): source is { kind: 'approval' | 'escalation'; id: string } {
  return source?.kind === 'approval' || source?.kind === 'escalation';
}

/** A person archived it, or Cast did because the work it belonged to is gone (FR-49). */
export type ArchiveRecord = { by: string | null; reason: 'member' | 'work_gone'; at: string };

/**
 * The whole state of one decision. The workflow owns it; the mirror writes it to Postgres;
 * every change bumps `revision` so an older snapshot can never overwrite a newer one.
 */
export type DecisionSnapshot = {
  id: DecisionId;
  number: number;
  workspaceId: string;
  question: string;
  context: string | null;
  mode: DecisionMode;
  defaultOption: number | null;
  confidence: number | null;
  attempts: string[];
  documents: DocumentRefs;
  status: DecisionStatus;
  asks: AskState[];
  links: DecisionLinks;
  messagesAtAsk: number | null;
  droppedAsks: number;
  filedBy: string;
  delivery: DeliveryOutcome | null;
  undoWindowMs: number;
  /** Who set it aside and why, while it is archived (§6.12). */
  archived: ArchiveRecord | null;
  /** The stack it belongs to, and when its auto-default is due. */
  stack: StackMembership | null;
  /** The record behind it, when it carries an approval or an escalation; its first ask is the derived one. */
  source: DecisionSource | null;
  revision: number;
  createdAt: string;
  updatedAt: string;
  resolvedAt: string | null;
  closedAt: string | null;
};

/** What the API returns for a decision: the snapshot minus internal bookkeeping, plus read-side facts. */
export type DecisionView = Omit<DecisionSnapshot, 'workspaceId' | 'number'> & {
  progress: { answered: number; required: number };
  notes: string[];
  firstViewedAt: string | null;
};
