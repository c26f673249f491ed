/** The queue's tabs and paging (FR-2, FR-6). */
import { z } from 'zod';
import { AskKind } from './ask';
import { StackId } from './ids';

export const QueueTab = ['open', 'answered', 'archived'] as const;
export type QueueTab = (typeof QueueTab)[number];

/**
 * What a card shows beside the decision: the names behind its links, the session's scope,
 * and whether it is dormant — open 30+ days with no live linked work (FR-50).
 */
export type QueueCardFacts = {
  blocking: boolean;
  /** The stack it is in: its place in the checklist, and whether the stack is overdue (listed first). */
  stackPlace: { id: string; title: string; position: number; dueAt: string | null; overdue: boolean } | null;
  dormant: boolean;
  agentName: string | null;
  taskTitle: string | null;
  scope: string | null;
  /** "Asked {count} times": set when its agent raised it 3+ times in 14 days (FR-56). */
  askedTimes: number | null;
};

export { ARCHIVE_ALL_MAX, DORMANT_AFTER_DAYS } from './limits';

export const QUEUE_PAGE_SIZE = 25;
export const QUEUE_PAGE_MAX = 100;

export const QueueQueryParams = z.strictObject({
  tab: z.enum(QueueTab).default('open'),
  agent: z.string().trim().min(1).max(200).optional(),
  task: z.string().trim().min(1).max(200).optional(),
  mission: z.string().trim().min(1).max(200).optional(),
  kind: z.enum(AskKind).optional(),
  session: z.string().min(1).max(200).optional(),
  stack: StackId.optional(),
  q: z.string().trim().min(1).max(200).optional(),
  // A page size above the maximum is clamped, not refused.
  limit: z.coerce.number().int().min(1).default(QUEUE_PAGE_SIZE).transform((limit) => Math.min(limit, QUEUE_PAGE_MAX)),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type QueueQueryParams = z.infer<typeof QueueQueryParams>;

/** Archive all: the queue's filter, as a body (FR-44). */
export const ArchiveAllBody = QueueQueryParams.pick({ agent: true, task: true, mission: true, kind: true, session: true, q: true }).strict();
export type ArchiveAllBody = z.infer<typeof ArchiveAllBody>;

/** What Archive all did (E14): skipped decisions are counted, never reopened as archived. */
export type ArchiveAllResult = {
  archived: number;
  alreadyAnswered: number;
  alreadyClosed: number;
  failed: number;
  /** Open decisions the filter still matches: more than 200, or ones that failed. */
  remaining: number;
};
