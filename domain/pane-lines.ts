/**
 * What the pending and outcome lines say, chosen once (§6.18, FR-31, FR-33, E16): the API's
 * English (answer-message.ts) and the web's catalogue (ui/src/features/decision/outcome-line.tsx,
 * pending-line.tsx) word the same choice. A promise is made only when something will keep
 * it, and what holds the task is counted at each read, never carried from the answer.
 */
import type { Pickup } from './pickup';

/** The decision's task as the detail reads it: what holds it right now. */
export type HeldTask = { title: string; holds: { self: boolean; decisions: number; other: number } };

/**
 * How the pending line opens, §6.18's two: "Answer all {count}" while several are left, "One
 * more" for the last one.
 */
export type PendingLead = { kind: 'last' | 'all'; count: number };

export function pendingLead(progress: { answered: number; required: number }): PendingLead | null {
  const left = progress.required - progress.answered;
  if (left <= 0) return null;
  return left === 1 ? { kind: 'last', count: 1 } : { kind: 'all', count: left };
}

/** What still holds the task besides this decision: its other blockers, decisions among them (E16). */
export type StillWaits = { count: number };

export function stillWaits(task: HeldTask | null): StillWaits | null {
  if (!task) return null;
  const count = task.holds.decisions + task.holds.other;
  return count === 0 ? null : { count };
}

/**
 * §6.5: the restart outcomes are "one line each, in place of one another", so "Answered. This
 * Task is still waiting on {count} other blocker(s)." (E16) takes the outcome's place — but not a
 * failed restart's, which must stay seen with its Run now (FR-34), nor a run's wait on other
 * decisions: those keep their line and add "This Task is still waiting on …" after it.
 */
export function taskWaitsReplaces(kind: 'restarted' | 'injected' | 'queued' | 'waiting' | 'nothing' | 'failed'): boolean {
  return kind !== 'failed' && kind !== 'waiting';
}

/**
 * What the pending line adds about the task this decision holds: that it will still wait on
 * others, or — when no run picks the answer up — that answering frees it (FR-33).
 */
export function pendingTask(pickup: Pickup, task: HeldTask | null): { frees: true } | { frees: false; waits: StillWaits } | null {
  if (!task?.holds.self) return null;
  const waits = stillWaits(task);
  if (waits) return { frees: false, waits };
  return pickup === 'restart' || pickup === 'inject' ? null : { frees: true };
}
