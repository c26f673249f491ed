/**
 * Whether a decision holds work (FR-11, DESIGN §3): it was posted blocking, or its run is
 * parked, or its task is blocked. Derived, never stored — the queue's SQL says the same
 * (`BLOCKING` in db/decision-queries.ts), this is the rule for one decision already read.
 */
import type { DecisionMode } from './decision';
import type { RunStatus } from './run';
import type { TaskStatus } from './task';

export function isBlocking(mode: DecisionMode, runStatus: RunStatus | null, taskStatus: TaskStatus | null): boolean {
  return mode === 'blocking' || runStatus === 'parked' || taskStatus === 'blocked';
}
