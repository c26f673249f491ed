/**
 * What a waiter sleeps on between reads: a timer that a change (`ring`) or the client leaving
 * (the AbortSignal) cuts short. A ring heard while the waiter was reading is kept, so the
 * next `sleep` returns at once and the waiter reads again: no change slips between a read and
 * the sleep after it.
 */
export class WakeBell {
  private rung = false;
  private wake: (() => void) | null = null;

  constructor(private readonly signal: AbortSignal) {}

  ring(): void {
    this.rung = true;
    this.wake?.();
  }

  /** Forget the rings heard so far: call just before reading. */
  reset(): void {
    this.rung = false;
  }

  sleep(ms: number): Promise<void> {
    if (this.rung || this.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.signal.removeEventListener('abort', done);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.signal.addEventListener('abort', done, { once: true });
      this.wake = done;
    });
  }
}
