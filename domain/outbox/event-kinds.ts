/**
 * The events Cast announces (issue 40 item 1): each kind a name and the zod shape of its `data`.
 * One list for every channel. The first five are the webhook events receivers already take
 * (docs/webhooks.md): their names and shapes stay as they were. The rest are new: written to
 * the outbox now, or declared for the items that emit them (reminders, expiry warnings).
 */
import { z } from 'zod';
import { DecisionView } from '../decision-view-schema';
import { Provenance } from '../provenance-schema';

/** Every decision event carries the decision as it was at the change; `url` is added by a channel that knows Cast's public URL. */
const DecisionData = z.object({ decision: DecisionView, url: z.url().optional() });

export const OutboxKind = [
  'decision.resolved',
  'decision.withdrawn',
  'answer.withdrawn',
  'run.restart',
  'message.injected',
  'decision.opened',
  'decision.answered',
  'decision.expired',
  'reminder.due',
  'deadline.near',
  'notification.test',
] as const;
export type OutboxKind = (typeof OutboxKind)[number];

export const OUTBOX_PAYLOADS = {
  /** Every ask answered: once per resolution, sent with its first delivery (an undo makes the next one new). */
  'decision.resolved': DecisionData,
  /** The agent withdrew it, or its host stopped waiting (then `decision.expired` too). */
  'decision.withdrawn': DecisionData,
  /** A person undid an answer inside the undo window; `message` is what the agent was told. */
  'answer.withdrawn': DecisionData.extend({ ask: z.int().min(1), message: z.string().nullable() }),
  /** Delivering the answer restarted (`restarted`) or queued (`queued`) the agent's parked run. */
  'run.restart': DecisionData.extend({ runId: z.string().nullable(), admitted: z.enum(['restarted', 'queued']) }),
  /** The answer went into the agent's live run. */
  'message.injected': DecisionData.extend({ runId: z.string().nullable() }),
  /** A decision entered the queue; `blocking` says whether an agent waits on it. */
  'decision.opened': DecisionData.extend({ blocking: z.boolean() }),
  /** One ask was answered, by whom and through which channel (its provenance, when recorded). */
  'decision.answered': DecisionData.extend({
    ask: z.int().min(1),
    actor: z.object({ kind: z.enum(['member', 'agent', 'system']), id: z.string().nullable() }),
    provenance: Provenance.optional(),
  }),
  /** Nobody answered in time: the host that asked stopped waiting at `waitsUntil`. */
  'decision.expired': DecisionData.extend({ reason: z.literal('nobody_waiting'), waitsUntil: z.string().nullable() }),
  /**
   * Issue 40 item 7: an unanswered blocking decision reminds `memberId`, one event per member: the
   * first (`nth` 1) goes to each member who may answer it, the second (`nth` 2, `backup`) to the
   * workspace's backup member.
   */
  'reminder.due': DecisionData.extend({ memberId: z.string(), nth: z.int().min(1), backup: z.boolean() }),
  /**
   * Issue 40 item 8: at `at` the decision answers itself with `answersWith` (a stack's auto-default),
   * or, with `answersWith` null, its host stops waiting and it expires. For the decision's people.
   */
  'deadline.near': DecisionData.extend({ at: z.iso.datetime(), answersWith: z.string().nullable() }),
  /** A member asked for a test message on one of their channels (issue 40 item 10): only that channel sends it, to them. */
  'notification.test': z.object({ memberId: z.string(), channel: z.enum(['push', 'email', 'slack']) }),
} as const satisfies Record<OutboxKind, z.ZodType>;

export type OutboxPayload<K extends OutboxKind> = z.infer<(typeof OUTBOX_PAYLOADS)[K]>;

/** What an event is about: a decision, or a member (their test message). */
export const OutboxSubjectKind = ['decision', 'member'] as const;
export type OutboxSubjectKind = (typeof OutboxSubjectKind)[number];

/** One event as the outbox holds it and a channel receives it. */
export type OutboxEvent<K extends OutboxKind = OutboxKind> = {
  /** Stable: the same for every retry of the same fact, so receivers drop duplicates by it. */
  id: string;
  kind: K;
  workspaceId: string;
  subject: { kind: OutboxSubjectKind; id: string };
  occurredAt: string;
  data: OutboxPayload<K>;
};

/** Reads a stored event's payload with its kind's schema: a row that does not fit is a bug, said loudly. */
export function parseOutboxData<K extends OutboxKind>(kind: K, data: unknown): OutboxPayload<K> {
  return OUTBOX_PAYLOADS[kind].parse(data) as OutboxPayload<K>;
}

export function isOutboxKind(kind: string): kind is OutboxKind {
  return (OutboxKind as readonly string[]).includes(kind);
}
