/**
 * The decision: what an agent files, what the workflow keeps, and what readers see.
 * One schema per wire shape; the API validates with these, the workflow is typed by them.
 */
import { z } from 'zod';
import { AnswerValue, Ask } from './ask';

export const DecisionId = z.string().regex(/^sd-[1-9][0-9]{0,15}$/, 'A decision id looks like sd-12.');
export type DecisionId = z.infer<typeof DecisionId>;

export function decisionIdOf(number: number): DecisionId {
  return `sd-${number}`;
}

export const FileDecisionBody = z.strictObject({
  question: z.string().trim().min(1).max(1000),
  context: z.string().trim().max(4000).optional(),
  asks: z.array(Ask).min(1).max(10),
});
export type FileDecisionBody = z.infer<typeof FileDecisionBody>;

export const AnswerBody = z.strictObject({
  answer: AnswerValue,
  reason: z.string().trim().min(1).max(1000).optional(),
});
export type AnswerBody = z.infer<typeof AnswerBody>;

/** Workflow input: a validated body plus what the API knows about who filed it. */
export type DecisionStart = FileDecisionBody & {
  id: DecisionId;
  number: number;
  workspaceId: string;
  filedBy: string;
  /** When the filing request stops waiting; see `expiredCommand`. */
  expiresAt?: string;
};

export type RecordedAnswer = {
  value: AnswerValue;
  reason: string | null;
  answeredBy: string;
  answeredAt: string;
};

export const AskStatus = ['open', 'answered'] as const;
export type AskStatus = (typeof AskStatus)[number];

export type AskState = Ask & {
  position: number;
  status: AskStatus;
  answer: RecordedAnswer | null;
};

export const DecisionStatus = ['open', 'resolved'] as const;
export type DecisionStatus = (typeof DecisionStatus)[number];

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
  status: DecisionStatus;
  asks: AskState[];
  filedBy: string;
  revision: number;
  createdAt: string;
  updatedAt: string;
  resolvedAt: string | null;
};

/** What the API returns for a decision: the snapshot minus internal bookkeeping. */
export type DecisionView = Omit<DecisionSnapshot, 'workspaceId' | 'number'> & {
  progress: { answered: number; required: number };
};
