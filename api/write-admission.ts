/**
 * Admission control: at most `bound` writes that reach Temporal are in flight in this process.
 * Past that, Temporal and the worker are already as busy as they can usefully be, so a queued
 * write would only wait, time out after 5 s and fail as `temporal_unavailable`; refusing it at
 * once with 503 `overloaded` and a `Retry-After` lets the client come back when there is room,
 * and keeps the accepted writes fast.
 */

/**
 * The default bound, from Little's law (writes in flight = rate × time each takes) at the
 * measured ceiling: 40 filings/s or 51 answers/s, each within the 250 ms P95 target, is
 * 40 × 0.25 = 10 to 51 × 0.25 ≈ 13 in flight. Past that, a write only waits its turn. The
 * bound is on concurrency, not rate, so a faster machine (shorter writes) passes more a second.
 */
export const DEFAULT_MAX_WRITES_IN_FLIGHT = 12;

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
