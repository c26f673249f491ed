/**
 * Where this process is in its life, for the probes: serving, or draining after SIGTERM (it
 * finishes what it holds and takes nothing new). `/readyz` reads it; the drain sets it; held
 * long-polls and event streams listen to `signal` to end early.
 */
import { setMaxListeners } from 'node:events';

export class Lifecycle {
  private drainingSince: number | null = null;
  private readonly drain = new AbortController();

  constructor() {
    // Every held long-poll and stream listens to it: hundreds at once is normal, not a leak.
    setMaxListeners(0, this.drain.signal);
  }

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
