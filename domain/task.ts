/**
 * Tasks and their blockers. `blocked` is never set by hand: a task is blocked while it has
 * an open blocker, and remembers the status it returns to when the last one resolves (FR-33).
 */
import { z } from 'zod';
import { someFields } from './some-fields';
import { filledText } from './text-fields';
import { naming, shown } from './refusal-words';
import { ActorKind } from './activity';
import { DecisionId } from './ids';

export const TaskStatus = ['todo', 'in_progress', 'review', 'done', 'blocked', 'cancelled'] as const;
export type TaskStatus = (typeof TaskStatus)[number];

/** What a caller may set; `blocked` comes only from blockers. */
export const SettableTaskStatus = ['todo', 'in_progress', 'review', 'done', 'cancelled'] as const;
export type SettableTaskStatus = (typeof SettableTaskStatus)[number];

/** The statuses a blocked task can return to (the schema's `status_before_blocked`). */
export const ResumableTaskStatus = ['todo', 'in_progress', 'review', 'done'] as const;
export type ResumableTaskStatus = (typeof ResumableTaskStatus)[number];

export const BlockerKind = ['decision', 'task', 'other'] as const;
export type BlockerKind = (typeof BlockerKind)[number];

export const TaskId = z.string().regex(/^task_[0-9a-f]{32}$/, {
  error: naming((field, input) => `${field} is ${shown(input)}, not a task id; one is task_ followed by 32 hex digits.`),
});

const Title = filledText(200);
const EntityId = filledText(100);

export const CreateTaskBody = z.strictObject({
  title: Title,
  status: z.enum(SettableTaskStatus).default('todo'),
  missionId: EntityId.optional(),
  agentId: EntityId.optional(),
});
export type CreateTaskBody = z.infer<typeof CreateTaskBody>;

export const UpdateTaskBody = someFields(
  z.strictObject({ title: Title.optional(), status: z.enum(SettableTaskStatus).optional() }),
  'Send title or status (or both).',
);
export type UpdateTaskBody = z.infer<typeof UpdateTaskBody>;

/** What blocks a task: a decision (sd-N), another task, or a free-text reason. */
export const BlockerBody = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('decision'), ref: DecisionId }),
  z.strictObject({ kind: z.literal('task'), ref: TaskId }),
  z.strictObject({ kind: z.literal('other'), ref: filledText(500) }),
]);
export type BlockerBody = z.infer<typeof BlockerBody>;

export const TaskBlocker = z
  .object({
    id: z.string(),
    kind: z.enum(BlockerKind),
    ref: z.string(),
    createdAt: z.iso.datetime(),
    resolvedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'TaskBlocker' });
export type TaskBlocker = z.infer<typeof TaskBlocker>;

export const Task = z
  .object({
    id: z.string(),
    title: z.string(),
    status: z.enum(TaskStatus),
    statusBeforeBlocked: z.enum(ResumableTaskStatus).nullable(),
    missionId: z.string().nullable(),
    agentId: z.string().nullable(),
    blockers: z.array(TaskBlocker),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Task' });
export type Task = z.infer<typeof Task>;

/** An entry on a task's thread: what Cast recorded there, such as a withdrawn answer (FR-40). */
export const TaskComment = z
  .object({
    seq: z.number().int(),
    taskId: z.string(),
    author: z.object({ kind: z.enum(ActorKind), id: z.string().nullable() }),
    body: z.string(),
    decisionId: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'TaskComment' });
export type TaskComment = z.infer<typeof TaskComment>;

export function isResumable(status: TaskStatus): status is ResumableTaskStatus {
  return (ResumableTaskStatus as readonly string[]).includes(status);
}
