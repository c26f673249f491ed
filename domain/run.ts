/**
 * Runs: one agent execution inside a session. Hosts report the runs they execute; Cast
 * admits restarts (`ready`, or `queued` while the workspace is at its concurrency limit),
 * and a host claiming a ready run is what "has begun executing" means (FR-37).
 */
import { z } from 'zod';
import { filledText } from './text-fields';
import type { Rejection } from './errors';

export const RunStatus = ['queued', 'ready', 'running', 'parked', 'completed', 'failed', 'cancelled'] as const;
export type RunStatus = (typeof RunStatus)[number];

/** The only status changes a run can make; everything else is refused with 409. */
export const RUN_TRANSITIONS: Readonly<Record<RunStatus, readonly RunStatus[]>> = {
  queued: ['ready', 'cancelled'],
  ready: ['running', 'cancelled'],
  running: ['parked', 'completed', 'failed', 'cancelled'],
  parked: ['running', 'completed', 'cancelled'],
  completed: [],
  failed: [],
  cancelled: [],
};

export function checkRunTransition(from: RunStatus, to: RunStatus): Rejection | null {
  if (RUN_TRANSITIONS[from].includes(to)) return null;
  const allowed = RUN_TRANSITIONS[from];
  return {
    code: 'invalid_transition',
    message: `A ${from} run cannot become ${to}${allowed.length ? `; it can become ${allowed.join(', ')}` : '; it has ended'}.`,
    details: { from, to },
  };
}

/** Ready and running runs hold one of the workspace's `run_concurrency` slots. */
export function holdsSlot(status: RunStatus): boolean {
  return status === 'ready' || status === 'running';
}

export function isEnded(status: RunStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** A host reports a run it is already executing, or one it parked on a decision. */
export const CreateRunBody = z.strictObject({
  status: z.enum(['running', 'parked']).default('running'),
});
export type CreateRunBody = z.infer<typeof CreateRunBody>;

/** What a host may report; `queued` and `ready` are Cast's admission, never set by hand. */
export const ReportedRunStatus = ['running', 'parked', 'completed', 'failed', 'cancelled'] as const;

export const UpdateRunBody = z
  .strictObject({
    status: z.enum(ReportedRunStatus),
    failureReason: filledText(2000).optional(),
  })
  .refine((body) => body.failureReason === undefined || body.status === 'failed', {
    message: 'failureReason goes only with status "failed".',
    path: ['failureReason'],
  });
export type UpdateRunBody = z.infer<typeof UpdateRunBody>;

export const Run = z
  .object({
    id: z.string(),
    sessionId: z.string(),
    status: z.enum(RunStatus),
    seedMessageSeq: z.number().int().nullable(),
    restartedFrom: z.string().nullable(),
    decisionId: z.string().nullable(),
    failureReason: z.string().nullable(),
    createdAt: z.iso.datetime(),
    startedAt: z.iso.datetime().nullable(),
    endedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Run' });
export type Run = z.infer<typeof Run>;

/** A run as a restart runner lists it: with the message it starts from. */
export const RunWithSeedMessage = Run.extend({ seedMessage: z.string().nullable() }).meta({ id: 'RunWithSeedMessage' });
export type RunWithSeedMessage = z.infer<typeof RunWithSeedMessage>;

/**
 * What a person reads a run as, in place of its `run_…` id: its agent and its task, or the
 * project its session works in when no decision ties it to a task; null when it has neither.
 */
export function runTitle(parts: { agent: string | null; task: string | null; scope: string | null }): string | null {
  const named = [parts.agent, parts.task ?? parts.scope].filter((part): part is string => Boolean(part));
  return named.length > 0 ? named.join(' · ') : null;
}

/** `GET /runs/:id` adds the names a page shows in place of ids: the run's title, its task, the decision that restarted it. */
export const RunNames = z
  .object({
    title: z.string().nullable(),
    agentName: z.string().nullable(),
    taskId: z.string().nullable(),
    taskTitle: z.string().nullable(),
    /** The question of the decision whose answer restarted it (`decisionId`). */
    decisionQuestion: z.string().nullable(),
  })
  .meta({ id: 'RunNames' });
export type RunNames = z.infer<typeof RunNames>;
