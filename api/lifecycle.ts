/**
 * Where this process is in its life, for the probes: serving, or draining after SIGTERM (it
 * finishes what it holds and takes nothing new). `/readyz` reads it; the drain sets it; held
 * long-polls and event streams listen to `signal` to end early.
 */
export class Lifecycle {
  private drainingSince: number | null = null;
  private readonly drain = new AbortController();

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /** Aborts when draining starts, once. */
  get signal(): AbortSignal {
    return this.drain.signal;
  }

  startDraining(): void {
    this.drainingSince ??= Date.now();
    this.drain.abort();
  }
}
