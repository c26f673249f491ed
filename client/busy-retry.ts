/**
 * Waiting out a 503 that says when to come back (`overloaded` from admission control, or a
 * dependency Cast is waiting for): a client retries it, a bounded number of times and within a
 * bounded total wait, each wait jittered so the clients refused together do not return together.
 * A retry is safe: `overloaded` refused before anything ran, and a filing is idempotent by its
 * session and question (the hook's by its request id), so a retried one never files twice.
 */

/**
 * Retries after the first try, unless the policy says otherwise: enough that the 60 s limit on
 * waiting, not the count, ends a long overload (at 1–2 s a wait, 8 left filings behind at twice
 * the ceiling).
 */
export const BUSY_MAX_RETRIES = 20;

export type BusyBound = {
  /** Retries allowed after the first try. */
  maxRetries: number;
  /** The total time all the waits may take, in seconds. */
  maxSeconds: number;
};

/**
 * How long to wait before retry number `retries + 1`, in milliseconds, having already waited
 * `waitedMs`; null when the bound is spent (give up and show the 503). The wait is Cast's
 * `Retry-After` stretched by up to as much again at random ("equal jitter"): never sooner
 * than Cast asked, and spread over a window as wide as the ask.
 */
export function busyWaitMs(
  retryAfterSeconds: number,
  retries: number,
  waitedMs: number,
  bound: BusyBound,
  random: () => number = Math.random,
): number | null {
  if (retries >= bound.maxRetries) return null;
  const asked = Math.max(retryAfterSeconds, 0.1) * 1000;
  const left = bound.maxSeconds * 1000 - waitedMs;
  if (asked > left) return null;
  return Math.min(left, asked * (1 + random()));
}
