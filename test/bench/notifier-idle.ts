/**
 * Issue 40's figure "the notifier idle costs no query beyond the listener": a notifier over the
 * bench's outbox, with its own pool and LISTEN connection, is left idle for a while once it has
 * read what was there. Every client it checks out of its pool (each outbox read, each cursor
 * transaction) is counted; its listener's connection is apart, as the target says.
 */
import { ChangeListener } from '../../db/change-listener';
import { createPool } from '../../db/pool';
import type { ChannelProvider } from '../../notifier/channel';
import { Notifier } from '../../notifier/notifier';

export type IdleFigures = { idleMs: number; checkouts: number; reads: number };

/** A channel that takes nothing: the notifier still reads by its cursor, which is what is counted. */
const silent: ChannelProvider = {
  name: 'bench-idle',
  kinds: ['decision.opened'],
  subscriptions: async () => [],
  deliver: async () => {},
};

export async function idleNotifier(databaseUrl: string, idleMs: number): Promise<IdleFigures> {
  const pool = createPool(databaseUrl, 2);
  const listener = ChangeListener.forPool(pool);
  const notifier = new Notifier({ pool, channels: [silent], listener });
  let checkouts = 0;
  try {
    listener.start();
    notifier.start();
    // Caught up first: its first pass reads the whole outbox from the channel's new cursor.
    while (!listener.connected) await new Promise((resolve) => setTimeout(resolve, 50));
    await notifier.settled();
    const readsBefore = notifier.reads;
    pool.on('acquire', () => (checkouts += 1));
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    await notifier.settled();
    return { idleMs, checkouts, reads: notifier.reads - readsBefore };
  } finally {
    await notifier.stop();
    await listener.stop();
    await pool.end();
  }
}

export function idleRow(figures: IdleFigures, met: (ok: boolean) => string): string {
  return `| notifier idle ${(figures.idleMs / 1000).toFixed(0)} s, listening: queries beyond its listener | ${figures.checkouts} (${figures.reads} outbox reads) | none | ${met(figures.checkouts === 0)} |`;
}
