/**
 * Admission control: at most `bound` writes that reach Temporal are in flight in this process.
 * Past that, Temporal and the worker are already as busy as they can usefully be, so a queued
 * write would only wait, time out after 5 s and fail as `temporal_unavailable`; refusing it at
 * once with 503 `overloaded` and a `Retry-After` lets the client come back when there is room,
 * and keeps the accepted writes fast.
 */

/**
 * The default bound, from Little's law: writes in flight = rate × the time each takes. At the
 * measured filing ceiling (40/s with P95 ≤ 250 ms) a filing takes about 100–150 ms on average,
 * so about 4–6 are in flight; an answer (51/s, about 45 ms) keeps about 2–3 in flight. Six
 * admits the ceiling's load, and past it every extra write would only queue, stretching every
 * write's latency (the bench at twice the ceiling with 12 in flight: accepted P95 about 500 ms).
 * The bound is on concurrency, not rate, so a faster machine (shorter writes) passes more a second.
 */
export const DEFAULT_MAX_WRITES_IN_FLIGHT = 6;

/** The most a refusal asks a client to wait; see `retryAfterSeconds`. */
const LONGEST_RETRY_AFTER_SECONDS = 10;
/** Weight of the newest hold time in the running mean: the last dozen or so writes count. */
const HOLD_WEIGHT = 0.1;
/** Before any write has finished: about what a filing takes on a quiet machine. */
const FIRST_HOLD_MS = 100;

export class WriteAdmission {
  private inFlight = 0;
  private refusedTotal = 0;
  private meanHoldMs = FIRST_HOLD_MS;
  // Refusals in the current one-second window, and when that window began.
  private windowStart = 0;
  private refusedInWindow = 0;

  constructor(
    readonly bound: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!Number.isInteger(bound) || bound < 1) throw new RangeError(`The admission bound must be a whole number ≥ 1, not ${bound}.`);
  }

  get writesInFlight(): number {
    return this.inFlight;
  }

  /** Every write refused since start (for metrics). */
  get refused(): number {
    return this.refusedTotal;
  }

  /** Takes a slot: the function that gives it back (once, however often it is called), or null when all are taken. */
  tryEnter(): (() => void) | null {
    if (this.inFlight >= this.bound) {
      this.countRefusal();
      return null;
    }
    this.inFlight += 1;
    const entered = this.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= 1;
      this.meanHoldMs += HOLD_WEIGHT * (this.now() - entered - this.meanHoldMs);
    };
  }

  /**
   * How long a refused client should wait: long enough for the writes refused this second to
   * fit through the slots at the rate they free up (bound ÷ mean hold time), at least 1 s (the
   * header's unit), at most 10 s. Clients add jitter, so the refused crowd does not return at once.
   */
  retryAfterSeconds(): number {
    const perSecond = (this.bound * 1000) / Math.max(1, this.meanHoldMs);
    const seconds = Math.ceil(this.refusedInWindow / perSecond);
    return Math.min(LONGEST_RETRY_AFTER_SECONDS, Math.max(1, seconds));
  }

  private countRefusal(): void {
    this.refusedTotal += 1;
    const at = this.now();
    if (at - this.windowStart >= 1000) {
      this.windowStart = at;
      this.refusedInWindow = 0;
    }
    this.refusedInWindow += 1;
  }
}
