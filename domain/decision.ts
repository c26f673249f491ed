/**
 * The decision: what the workflow keeps and what readers see, and the plain rules about it.
 * Zod-free, like everything the workflow bundle imports (the SDK evaluates that bundle
 * afresh for every workflow); the wire shapes it is filed, edited and answered with are in
 * `decision-schema.ts`.
 */
import type { EditDecisionBody, FileDecisionBody } from './decision-schema';
import type {
  ArchiveRecord,
  AskState,
  DecisionLinks,
  DecisionSnapshot,
  DecisionSource,
  DecisionView,
  DeliveryOutcome,
  RecordedAnswer,
} from './decision-view-schema';
import type { DocumentPatch, DocumentRefs } from './documents';
import type { DecisionId } from './ids';
import type { ReminderPlan } from './reminders';
import type { ApprovalPolicy } from './approval-quorum';
import type { AutomaticAnswer } from './automatic-answer';

// The shapes themselves are zod schemas in decision-view-schema.ts; these are their types.
export type { ArchiveRecord, AskState, DecisionLinks, DecisionSnapshot, DecisionSource, DecisionView, DeliveryOutcome, RecordedAnswer };

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
  return droppedAsks > 0 ? `${droppedAsks} further questions were not recorded — this decision was too long.` : null;
}

export type DecisionContent = Pick<
  FileDecisionBody,
  'question' | 'context' | 'asks' | 'mode' | 'defaultOption' | 'confidence' | 'attempts'
> & {
  documents?: DocumentRefs;
};

/** Workflow input: validated content plus what the API knows about who filed it and where. */
export type DecisionStart = DecisionContent & {
  id: DecisionId;
  number: number;
  workspaceId: string;
  filedBy: string;
  /** The label of the agent token it was filed with, for the activity history; absent for a person's. */
  filedVia?: string;
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
  /** The workflow behaviour it was filed under (workflows/messages.ts, `DECISION_WORKFLOW_VERSION`); absent before it was stamped. */
  workflowVersion?: number;
  /** The filing that started it (`FilingTarget.filing`); absent before filings were checked. */
  filing?: string;
  /** Its workspace's reminder settings when it was filed (issue 40 items 7, 8); absent before workflow version 5. */
  reminders?: ReminderPlan;
  /**
   * Issue 41 items 3, 4: how many people each approval ask needs and who may not approve it, as the
   * workspace's settings said when it was filed; absent before workflow version 6 (one approver, anyone).
   */
  approvalPolicy?: ApprovalPolicy;
  /**
   * Issue 42 item 1: the answers the workspace's rules give this decision, as the filing service
   * evaluated them (the workflow stays deterministic: it only applies them, at once, in order).
   * Never from the filing's body: an agent may not answer itself. Absent before workflow version 7.
   */
  automaticAnswers?: AutomaticAnswer[];
};

/**
 * Who a filing is meant for, checked by the workflow it reaches: the one it started (the same
 * `filing`), or the open decision of the same question from the same session in the same
 * workspace. Anything else under that id is another decision (another deployment's, or one
 * filed before the database was restored), and refuses it.
 */
export type FilingTarget = { filing: string; workspaceId: string; sessionId: string | null };

export const AskStatus = ['open', 'answered', 'withdrawn', 'superseded'] as const;
export type AskStatus = (typeof AskStatus)[number];

export const DecisionStatus = ['open', 'resolved', 'withdrawn', 'archived'] as const;
export type DecisionStatus = (typeof DecisionStatus)[number];

/**
 * How the answer reached the agent (FR-31, FR-33, FR-34). `waiting`: its parked run waits on
 * other open decisions too, and restarts when the last of them is answered (issue 38 item 4).
 */
export const DeliveryOutcomeKind = ['injected', 'restarted', 'queued', 'waiting', 'nothing', 'failed'] as const;

/**
 * A decision's source, besides an agent's own filing, is a record — an approval or an
 * escalation, a row with its own doors (FR-13, FR-29)…
 */
export const RecordKind = ['approval', 'escalation'] as const;
export type RecordKind = (typeof RecordKind)[number];
/** …or a host's permission prompt or terminal question, which has no authored payload. */
export const HostPromptKind = ['permission', 'terminal'] as const;

/** Which record: the source of the decision that carries it into the queue. */
export type RecordRef = { kind: RecordKind; id: string };

/** The record a decision carries, or null when its source is none or a host prompt. */
export function recordOf(source: DecisionSource | null): RecordRef | null {
  return source?.kind === 'approval' || source?.kind === 'escalation' ? { kind: source.kind, id: source.id } : null;
}

/** A person archived it, or Cast did because the work it belonged to is gone (FR-49). */
export const ArchiveReason = ['member', 'work_gone'] as const;
