/**
 * The notifier (issue 40 item 1): reads the outbox through each channel's cursor and hands every
 * event to the subscriptions it reaches. Run by each worker process; any number may run at once.
 *
 * - Reads only the events of its pool's task queue (db/pool.ts), through cursors of that queue.
 * - Woken by the outbox's NOTIFY for that queue (through the process's change listener); idle,
 *   it sends no query. While the listener is down it reads every `POLL_WHILE_DEAF_MS` instead.
 * - Each channel's batch is handed on inside one transaction that holds the channel's cursor row
 *   (`FOR UPDATE SKIP LOCKED`): a second notifier skips a channel the first is serving, and the
 *   cursor moves with the batch or not at all. Stopped mid-batch, the batch is handed on again:
 *   at least once, under the same event ids, which the channels dedupe by.
 * - The cursor never passes a row committed out of order (db/outbox.ts); rows held back by a
 *   transaction still running are read again shortly, without waiting for another NOTIFY.
 */
import type { PoolClient } from 'pg';
import { poolTaskQueue, type Pool } from '../db/pool';
import { CHANNELS, type ChangeListener } from '../db/change-listener';
import { lockCursor, moveCursor, readOutbox } from '../db/outbox';
import type { Logger } from '../runtime/logger';
import { takes, type ChannelProvider } from './channel';

const BATCH = 200;
const POLL_WHILE_DEAF_MS = 1_000;
const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 10_000;
/** Rows behind a long transaction are looked at again at most this often. */
const HELD_MAX_MS = 2_000;

export type NotifierOptions = {
  pool: Pool;
  channels: readonly ChannelProvider[];
  /** The process's change listener; none: the notifier reads only when `wake()` is called (tests). */
  listener?: ChangeListener;
  logger?: Logger;
  batchSize?: number;
};

export class Notifier {
  /** Events handed to a subscription, for tests and metrics. */
  handedOn = 0;
  /** Outbox reads made, for a test to see that idle costs none. */
  reads = 0;
  private dirty = false;
  private running: Promise<void> | null = null;
  private stopped = false;
  private retryMs = RETRY_MIN_MS;
  private heldMs = RETRY_MIN_MS;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly options: NotifierOptions) {}

  start(): void {
    const listener = this.options.listener;
    // The listener rings on every NOTIFY and once each time it (re)connects, for what it missed meanwhile.
    if (listener) this.unsubscribe = listener.topic(CHANNELS.outbox, poolTaskQueue(this.options.pool)).subscribe(() => this.wake());
    this.wake();
  }

  /** Reads now (or right after the read under way): something may be waiting. */
  wake(): void {
    if (this.stopped) return;
    this.dirty = true;
    this.running ??= this.run().finally(() => {
      this.running = null;
      // Rung while the last pass was finishing.
      if (this.dirty && !this.stopped) this.wake();
    });
  }

  /** Resolves once no pass is under way (one woken meanwhile included). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private async run(): Promise<void> {
    while (this.dirty && !this.stopped) {
      this.dirty = false;
      let again: number | null = null;
      for (const channel of this.options.channels) {
        try {
          const outcome = await this.drain(channel);
          this.retryMs = RETRY_MIN_MS;
          if (outcome === 'held') {
            again = Math.min(again ?? Infinity, this.heldMs);
            this.heldMs = Math.min(this.heldMs * 2, HELD_MAX_MS);
          } else this.heldMs = RETRY_MIN_MS;
          // Another notifier serves this channel; it is rung as this one is, but a look later costs little.
          if (outcome === 'busy') again = Math.min(again ?? Infinity, POLL_WHILE_DEAF_MS);
        } catch (error) {
          this.options.logger?.error({ err: error, channel: channel.name }, 'the notifier could not hand events on; it tries again');
          again = this.retryMs;
          this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
        }
      }
      if (again === null && this.options.listener && !this.options.listener.connected) again = POLL_WHILE_DEAF_MS;
      if (again !== null) this.later(again);
    }
  }

  private later(ms: number): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, ms);
    this.timer.unref();
  }

  /** Hands on every event up to the horizon, a batch per transaction; `held` when some wait behind a running transaction. */
  private async drain(channel: ChannelProvider): Promise<'done' | 'busy' | 'held'> {
    const size = this.options.batchSize ?? BATCH;
    for (;;) {
      const step = await this.inTransaction((client) => this.handOn(client, channel, size));
      if (step !== 'more') return step;
    }
  }

  /**
   * A transaction on a client of its own, listened to from checkout to release: it is held
   * across the channels' hand-offs, and a server lost meanwhile emits on it; with no listener
   * that would end the process instead of this batch. A broken client leaves the pool.
   */
  private async inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.options.pool.connect();
    let broken: Error | undefined;
    const lost = (error: Error) => {
      broken = error;
      this.options.logger?.warn({ err: error }, 'the notifier lost its database connection; it tries again');
    };
    client.on('error', lost);
    try {
      await client.query('begin');
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.off('error', lost);
      client.release(broken);
    }
  }

  /** One batch, inside the transaction that holds the channel's cursor. */
  private async handOn(client: PoolClient, channel: ChannelProvider, size: number): Promise<'more' | 'done' | 'busy' | 'held'> {
    const cursor = await lockCursor(client, channel.name);
    if (!cursor) return 'busy';
    this.reads += 1;
    const batch = await readOutbox(client, cursor, size);
    for (const event of batch.events) {
      if (!takes(channel, event)) continue;
      for (const subscription of await channel.subscriptions(event)) {
        if (subscription.cadence !== 'instant') continue;
        await channel.deliver(event, subscription);
        this.handedOn += 1;
      }
    }
    if (batch.events.length > 0) await moveCursor(client, channel.name, batch.next);
    if (batch.events.length === size) return 'more';
    return batch.held ? 'held' : 'done';
  }
}
