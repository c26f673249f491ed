/**
 * One connection per API process that LISTENs for the notifications migration 0020's triggers
 * send, and rings the waiters (long-polls, event streams, decision waits) keyed on what
 * changed. A dedicated client, not one of the pool's: LISTEN belongs to a session, and a
 * pooled client would be handed to other queries. The notification is only a hint: a waiter
 * woken by it reads the row again, and the row decides.
 *
 * Notifications sent while this connection is down are lost, so it reconnects with backoff
 * and, once listening again, rings every waiter. While it is down, waiters fall back to
 * re-reading every `POLL_INTERVAL_MS`; while it is up, only every `fallbackMs`, for a change
 * whose notification went astray.
 */
import pg from 'pg';
import type { Logger } from '../runtime/logger';
import type { Pool } from './pool';

/** `credentials` carries a workspace id: a token, a web session or a member of it ended (migration 0024). */
export const CHANNELS = {
  sessionMessages: 'cast_session_messages',
  decisions: 'cast_decisions',
  credentials: 'cast_credentials',
  // Events are waiting in the outbox (migration 0028); the payload is the task queue they were written under.
  outbox: 'cast_outbox',
} as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/** How often a waiter re-reads while nothing listens (before the first connect, or during an outage). */
export const POLL_INTERVAL_MS = 100;
/** The default slow re-read while listening: see docs/operations.md ("Waking waiters"). */
export const FALLBACK_POLL_MS = 5_000;
const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;

/** What one waiter listens to: a key to be rung on, and how long it may sleep between reads. */
export type WakeSource = {
  subscribe(ring: () => void): () => void;
  sleepMs(): number;
};

export class ChangeListener {
  private client: pg.Client | null = null;
  private listening = false;
  private stopped = false;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly rings = new Map<string, Set<() => void>>();
  /** Notifications received, for tests and the bench to tell a wake by notification from one by timer. */
  notifications = 0;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly options: { fallbackMs?: number; logger?: Logger } = {},
  ) {}

  /** A listener on the same server, database and credentials as the pool. */
  static forPool(pool: Pool, options: { fallbackMs?: number; logger?: Logger } = {}): ChangeListener {
    return new ChangeListener(pool.options, options);
  }

  get connected(): boolean {
    return this.listening;
  }

  /** The listening connection's backend pid (pg_stat_activity), or null while it is down. */
  get pid(): number | null {
    const client = this.client as (pg.Client & { processID?: number }) | null;
    return this.listening ? (client?.processID ?? null) : null;
  }

  /** Starts connecting in the background; waiters poll quickly until it listens. */
  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    this.listening = false;
    await client?.end().catch(() => {});
  }

  /** The waiter's side of one channel and key (`<workspace>:<session>` or `<workspace>:<decision>`). */
  topic(channel: Channel, key: string): WakeSource {
    const id = `${channel}\n${key}`;
    return {
      subscribe: (ring) => {
        let set = this.rings.get(id);
        if (!set) this.rings.set(id, (set = new Set()));
        set.add(ring);
        return () => {
          set.delete(ring);
          if (set.size === 0 && this.rings.get(id) === set) this.rings.delete(id);
        };
      },
      sleepMs: () => (this.listening ? (this.options.fallbackMs ?? FALLBACK_POLL_MS) : POLL_INTERVAL_MS),
    };
  }

  /** How many waiters are subscribed, over all keys. */
  get waiters(): number {
    let n = 0;
    for (const set of this.rings.values()) n += set.size;
    return n;
  }

  private ring(id: string): void {
    for (const ring of [...(this.rings.get(id) ?? [])]) ring();
  }

  private ringAll(): void {
    for (const set of [...this.rings.values()]) for (const ring of [...set]) ring();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    // TCP keepalive from 10 s idle: a connection that died without a word (a dropped NAT entry) is noticed, and replaced.
    const client = new pg.Client({
      ...this.config,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: 'cast-change-listener',
    });
    this.client = client;
    client.on('notification', (message) => {
      this.notifications += 1;
      this.ring(`${message.channel}\n${message.payload ?? ''}`);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(
        Object.values(CHANNELS)
          .map((channel) => `listen ${channel}`)
          .join('; '),
      );
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.client !== client) return;
    const outage = this.retryMs > RETRY_MIN_MS;
    this.listening = true;
    this.retryMs = RETRY_MIN_MS;
    if (outage) this.options.logger?.info('change listener is listening again');
    // Whatever changed before this connection listened went unannounced: every waiter reads once.
    this.ringAll();
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    const wasListening = this.listening;
    this.client = null;
    this.listening = false;
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    if (this.stopped) return;
    // Once per outage, not per retry: a line in the log, and the waiters asleep on the slow
    // fallback read now, then poll quickly until it is back.
    if (wasListening) {
      this.options.logger?.warn({ err: error }, 'change listener lost its connection; waiters poll until it is back');
      this.ringAll();
    }
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }
}
