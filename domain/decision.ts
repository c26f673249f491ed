/**
 * The decision: what the workflow keeps and what readers see, and the plain rules about it.
 * Zod-free, like everything the workflow bundle imports (the SDK evaluates that bundle
 * afresh for every workflow); the wire shapes it is filed, edited and answered with are in
 * `decision-schema.ts`.
 */
import type { AnswerValue, Ask } from './ask-schema';
import type { AccessVerification } from './asks/access-ask';
import type { EditDecisionBody, FileDecisionBody } from './decision-schema';
import type { DocumentPatch, DocumentRefs } from './documents';
import type { DecisionId } from './ids';
import type { StackMembership } from './stack';

export function decisionIdOf(number: number): DecisionId {
  return `sd-${number}`;
}

export function decisionNumberOf(id: DecisionId): number {
  return Number(id.slice(3));
}

export const MAX_ASKS = 10;

export const DecisionMode = ['blocking', 'advisory'] as const;
export type DecisionMode = (typeof DecisionMode)[number];

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
