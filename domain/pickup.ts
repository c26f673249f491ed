/**
 * Who picks up a decision's answer (FR-31, cast-decide "How the answer returns"): a live run
 * has it injected, a parked run is restarted, a parked run whose host has stopped cannot be
 * restarted (E5), and with neither the answer waits in the session for the agent's next look.
 * Delivery acts on it (activities/deliver-decision.ts); the detail pane promises it (§6.18).
 */
import type { DecisionSource } from './decision-view-schema';
import type { RunStatus } from './run';
import type { Liveness } from './session';

export const Pickup = ['restart', 'inject', 'stopped', 'none'] as const;
export type Pickup = (typeof Pickup)[number];

/**
 * `run` is the decision's run (its own, or its session's latest); `liveness` its session's.
 * Linked to no session, nothing can pick the answer up.
 */
export function pickupOf(sessionLinked: boolean, run: RunStatus | null, liveness: Liveness | null): Pickup {
  if (!sessionLinked) return 'none';
  if (run === 'running') return 'inject';
  if (run !== 'parked') return 'none';
  return liveness === 'stopped' ? 'stopped' : 'restart';
}

/**
 * Issue 31 item 5: a host prompt whose host recorded when it stops waiting, past that moment.
 * Nobody picks its answer up, so the detail pane promises nothing (Cast withdraws it at once
 * when a worker runs; until then it may still be open).
 */
export function hostStoppedWaiting(source: DecisionSource | null, now: Date): boolean {
  if (!source || (source.kind !== 'permission' && source.kind !== 'terminal') || !source.waitsUntil) return false;
  return Date.parse(source.waitsUntil) <= now.getTime();
}
