/**
 * What FR-61's counter store last said in this process, for `/healthz`: nothing while its
 * last consume succeeded, else the failure since when and its latest error. One small
 * report per API process; the next successful consume clears it.
 */
export type RateLimitStoreReport = { state: 'ok' } | { state: 'unavailable'; error: string; at: string; since: string };

/** Enough of a database error to say what failed, short enough for a health body. */
const MAX_ERROR_LENGTH = 300;

export class RateLimitHealth {
  private failure: { error: string; at: Date; since: Date } | null = null;

  succeeded(): void {
    this.failure = null;
  }

  failed(cause: unknown, now = new Date()): void {
    // A refused connection can be an AggregateError with no message of its own: say its code.
    const message = cause instanceof Error ? cause.message || (cause as { code?: string }).code || cause.name : String(cause);
    this.failure = { error: message.slice(0, MAX_ERROR_LENGTH), at: now, since: this.failure?.since ?? now };
  }

  report(): RateLimitStoreReport {
    if (!this.failure) return { state: 'ok' };
    return { state: 'unavailable', error: this.failure.error, at: this.failure.at.toISOString(), since: this.failure.since.toISOString() };
  }
}
