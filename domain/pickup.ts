/**
 * Who picks up a decision's answer (FR-31, cast-decide "How the answer returns"): a live run
 * has it injected, a parked run is restarted, a parked run whose host has stopped cannot be
 * restarted (E5), and with neither the answer waits in the session for the agent's next look.
 * Delivery acts on it (activities/deliver-decision.ts); the detail pane promises it (§6.18).
 *
 * A parked run waits on the decisions linked to it, and on nothing else (issue 38 item 4): it
 * restarts when the last of them open is answered ("waits" until then), and an answer to a
 * decision that names no run never restarts one — it reaches a live run of its session, or is
 * recorded for the agent's next check.
 */
import type { DecisionSource } from './decision-view-schema';
import type { RunStatus } from './run';
import type { Liveness } from './session';

export const Pickup = ['restart', 'waits', 'inject', 'stopped', 'none'] as const;
export type Pickup = (typeof Pickup)[number];

/** What delivery (or the detail) knows about the run an answer could reach. */
export type RunBinding = {
  /** Linked to no session, nothing can pick the answer up. */
  sessionLinked: boolean;
  /** The decision names its run (`links.runId`): only then can a parked run be restarted by it. */
  runLinked: boolean;
  /** The decision's own run, or (naming none) its session's latest. */
  run: RunStatus | null;
  liveness: Liveness | null;
  /** Other open decisions linked to the same run: the restart waits for them too. */
  othersOpen: number;
};

export function pickupOf(binding: RunBinding): Pickup {
  const { sessionLinked, runLinked, run, liveness, othersOpen } = binding;
  if (!sessionLinked) return 'none';
  if (run === 'running') return 'inject';
  // A parked run is restarted only by the decisions it waits on: those linked to it.
  if (run !== 'parked' || !runLinked) return 'none';
  if (liveness === 'stopped') return 'stopped';
  return othersOpen > 0 ? 'waits' : 'restart';
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
