/**
 * The activity history: who did what to which subject, in the order it happened. Readers
 * (a task's page, a decision's trail) list it by subject.
 */
import { z } from 'zod';

export const SubjectKind = ['decision', 'task', 'run', 'session', 'agent', 'team', 'member', 'rule'] as const;
export type SubjectKind = (typeof SubjectKind)[number];

export const ActorKind = ['member', 'agent', 'system'] as const;
export type ActorKind = (typeof ActorKind)[number];

/**
 * Who caused a change; `id` is a member or agent id, null for Cast itself. An agent's act
 * names the token it came through by its label.
 */
export type Actor = { kind: ActorKind; id: string | null; label?: string };

export const SYSTEM_ACTOR: Actor = { kind: 'system', id: null };

export const ActivityEntry = z
  .object({
    seq: z.number().int(),
    subjectKind: z.enum(SubjectKind),
    subjectId: z.string(),
    /**
     * What a person reads the subject as, in place of its id: a decision's question, a task's
     * title, an agent's name, a run's agent and task (`runTitle`); null when it has none (a session).
     */
    subjectTitle: z.string().nullable(),
    /** What happened, e.g. `status_changed`, `blocked`, `registered`; `detail` says the rest. */
    kind: z.string(),
    actorKind: z.enum(ActorKind),
    actorId: z.string().nullable(),
    /** The label of the agent token the act came through; null for a person's or Cast's own. */
    actorLabel: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()),
    at: z.iso.datetime(),
  })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.infer<typeof ActivityEntry>;
