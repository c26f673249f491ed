/**
 * What runs the digests (issue 40 item 3): a tick every minute in each worker that finds the
 * members whose digest is due and sends it. The schedule's state lives in PostgreSQL (the
 * claimed `digest_runs`), so any number of workers may tick, a restarted one loses nothing due
 * later, and a test drives it by calling `tick(at)` with the time it wants.
 */
import type { Logger } from '../runtime/logger';

export const DIGEST_TICK_MS = 60_000;

export class DigestTicker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly run: (now: Date) => Promise<unknown>,
    private readonly options: { everyMs?: number; clock?: () => Date; logger?: Logger } = {},
  ) {}

  start(): void {
    this.schedule();
  }

  /** One pass at `now` (the clock's time unless given); a pass under way finishes first. */
  async tick(now: Date = (this.options.clock ?? (() => new Date()))()): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
    this.running = this.run(now).finally(() => {
      this.running = null;
    });
    await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.tick()
        .catch((error: unknown) => this.options.logger?.error({ err: error }, 'the email digest tick failed; the next tick tries again'))
        .finally(() => this.schedule());
    }, this.options.everyMs ?? DIGEST_TICK_MS);
    this.timer.unref();
  }
}
