/**
 * What the pending and outcome lines say, chosen once (§6.18, FR-31, FR-33, E16): the API's
 * English (answer-message.ts) and the web's catalogue (ui/src/features/decision/outcome-line.tsx,
 * pending-line.tsx) word the same choice. A promise is made only when something will keep
 * it, and what holds the task is counted at each read, never carried from the answer.
 */
import type { Pickup } from './pickup';

/** The decision's task as the detail reads it: what holds it right now. */
export type HeldTask = { title: string; holds: { self: boolean; decisions: number; other: number } };

/** How the pending line opens: "Answer this", "One more", "Answer both", "Answer all 3" — never "Answer all 2". */
export type PendingLead = { kind: 'this' | 'last' | 'both' | 'all'; count: number };

export function pendingLead(progress: { answered: number; required: number }): PendingLead | null {
  const left = progress.required - progress.answered;
  if (left <= 0) return null;
  if (left === 1) return { kind: progress.required === 1 ? 'this' : 'last', count: 1 };
  return { kind: left === 2 ? 'both' : 'all', count: left };
}

/** What still holds the task besides this decision: counted as decisions while only decisions do. */
export type StillWaits = { count: number; noun: 'decision' | 'blocker' };

export function stillWaits(task: HeldTask | null): StillWaits | null {
  if (!task) return null;
  const { decisions, other } = task.holds;
  if (decisions + other === 0) return null;
  return other === 0 ? { count: decisions, noun: 'decision' } : { count: decisions + other, noun: 'blocker' };
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
