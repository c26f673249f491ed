/** The queue's tabs and paging (FR-2, FR-6). */
import { z } from 'zod';
import { characters, filledText } from './text-fields';
import { AskKind } from './ask';
import { DecisionView, Timestamp } from './decision-view-schema';
import type { DecisionStatus } from './decision';
import { orNull } from './or-null';
import { queryNumber } from './query-number';
import { limitQuery } from './routes/list-limit';
import { HealthLine } from './health';
import { StackId } from './ids';
import { Assignment, QueueAudience } from './assignment';

export const QueueTab = ['open', 'answered', 'archived'] as const;
export type QueueTab = (typeof QueueTab)[number];

/**
 * The decision statuses each tab lists (FR-2). A decision its agent withdrew is listed in
 * Answered, labelled withdrawn: nothing a person saw in Open leaves it without a trace.
 */
export const TAB_STATUSES: Readonly<Record<QueueTab, readonly DecisionStatus[]>> = {
  open: ['open'],
  answered: ['resolved', 'withdrawn'],
  archived: ['archived'],
};

/**
 * What a card shows beside the decision: the names behind its links, the project it was filed in,
 * and whether it is dormant — open 30+ days with no live linked work (FR-50).
 */
export const QueueCardFacts = z.object({
  blocking: z.boolean(),
  /** The stack it is in: its place in the checklist, and whether the stack is overdue (listed first). */
  stackPlace: z
    .object({
      id: StackId,
      title: z.string(),
      position: z.int().min(1),
      dueAt: Timestamp.nullable(),
      overdue: z.boolean(),
      /**
       * How many of the stack's members share this card's status (its open members, on the Open
       * tab), on this page or not: the list's stack group says how many more there are than it
       * shows (issue 39 item 1).
       */
      members: z.int().min(1),
    })
    .nullable(),
  dormant: z.boolean(),
  agentName: z.string().nullable(),
  taskTitle: z.string().nullable(),
  scope: z.string().nullable(),
  /**
   * Messages in its session since it was asked, for "asked 3h ago, 42 messages since" (the
   * numbers `cast decide ls` prints; domain/staleness.ts); null when it has no session.
   */
  messagesSince: z.int().min(0).nullable(),
  /** "Asked {count} times": set when its agent raised it 3+ times in 14 days (FR-56). */
  askedTimes: z.int().min(1).nullable(),
  /** Whom it is for, who is on it, and whether the reader may answer it (issue 41 items 1-2). */
  assignment: Assignment,
});
export type QueueCardFacts = z.infer<typeof QueueCardFacts>;

export const QueueCard = DecisionView.extend(QueueCardFacts.shape).meta({
  id: 'QueueCard',
  description: 'A decision as the queue lists it, with `blocking`, `stackPlace`, `dormant`, `messagesSince` and names.',
});
export type QueueCard = z.infer<typeof QueueCard>;

export { ARCHIVE_ALL_MAX, DORMANT_AFTER_DAYS } from './limits';

export const QUEUE_PAGE_SIZE = 25;
export const QUEUE_PAGE_MAX = 100;

const ANSWERED_BY_RULE = /^rule:\S{1,200}$/;

/** The actor an `answeredBy` filter names, as answers' provenance records it; null when it names none. */
export function answeredByActor(filter: string): { kind: 'rule'; id: string } | null {
  return ANSWERED_BY_RULE.test(filter) ? { kind: 'rule', id: filter.slice('rule:'.length) } : null;
}

/**
 * Issue 42 item 6: `rule:<id>` lists the decisions that rule answered (an answer it gave and that
 * still stands: one taken back with Undo no longer counts). Read on the Answered tab.
 */
export const AnsweredByFilter = characters(205)
  .regex(ANSWERED_BY_RULE, 'Name a rule: `rule:<id>`.')
  .meta({ description: 'Only decisions answered by this rule: `rule:<id>` (issue 42). An answer taken back with Undo does not count.' });

export const QueueQueryParams = z.strictObject({
  tab: z.enum(QueueTab).default('open'),
  /**
   * `me`: what is addressed to the reader, their teams, or nobody ("For me"); `everyone`: the
   * whole workspace. Counts and the health line follow it. An agent token reads its own agent's.
   */
  for: z.enum(QueueAudience).default('everyone'),
  agent: filledText(200).optional(),
  task: filledText(200).optional(),
  mission: filledText(200).optional(),
  kind: z.enum(AskKind).optional(),
  session: characters(200).min(1).optional(),
  stack: StackId.optional(),
  q: filledText(200).optional(),
  answeredBy: AnsweredByFilter.optional(),
  limit: limitQuery(QUEUE_PAGE_SIZE, QUEUE_PAGE_MAX),
  offset: queryNumber({ min: 0, max: 1_000_000 }).default(0),
});
export type QueueQueryParams = z.infer<typeof QueueQueryParams>;

/** Archive all: the queue's filter, as a body (FR-44). */
export const ArchiveAllBody = QueueQueryParams.pick({
  for: true,
  agent: true,
  task: true,
  mission: true,
  kind: true,
  session: true,
  q: true,
  answeredBy: true,
})
  .extend({
    since: Timestamp.optional().meta({
      description:
        'When the person was shown the count (the dialog opened): decisions the filter matches that were answered since are skipped and counted as `alreadyAnswered` (FR-47, E14).',
    }),
  })
  .strict();
export type ArchiveAllBody = z.infer<typeof ArchiveAllBody>;

/** What Archive all did (E14): skipped decisions are counted, never reopened as archived. */
export const ArchiveAllResult = z
  .object({
    archived: z.int().min(0),
    alreadyAnswered: z.int().min(0),
    alreadyClosed: z.int().min(0),
    failed: z.int().min(0),
    /** Open decisions the filter still matches: more than 200, or ones that failed. */
    remaining: z.int().min(0),
  })
  .meta({ id: 'ArchiveAllResult' });
export type ArchiveAllResult = z.infer<typeof ArchiveAllResult>;

/** One page of a queue tab, with the whole filter's counts, the workspace's history and the health line. */
export const QueuePage = z
  .object({
    decisions: z.array(QueueCard),
    counts: z.object({ open: z.int().min(0), blocking: z.int().min(0), total: z.int().min(0) }),
    /** Each tab's count under the same filter, for the tabs themselves ("Open 3 · Answered 12 · Archived 34"). */
    tabs: z.object({ open: z.int().min(0), answered: z.int().min(0), archived: z.int().min(0) }),
    /** Whole-workspace facts for the empty states: never had one (§6.8), or quiet (§6.7). */
    history: z.object({ decisions: z.int().min(0), lastOpenedAt: Timestamp.nullable() }),
    /** Null while the health line is unavailable, stale or hidden (FR-55). */
    health: orNull(HealthLine),
    page: z.object({ limit: z.int().min(1), offset: z.int().min(0) }),
  })
  .meta({ id: 'QueuePage' });
export type QueuePage = z.infer<typeof QueuePage>;
