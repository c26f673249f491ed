/**
 * What `cast hook keeper` does: keeps the hook's notes (its session and filing's request id,
 * then the card's id) until its stdin closes. Closed after "done", the hook ended by itself and
 * there is nothing to do. Closed without it, the hook was killed: the card is withdrawn — found
 * by its request id when the hook died before Cast answered its filing, for as long as Cast may
 * still be filing it — so a late answer gets 409 nobody_waiting instead of reaching no one.
 */
import { createInterface } from 'node:readline';
import { connect } from '../decide/target';
import type { KeeperNote } from './card-keeper';
import { withdrawWithin } from './permission-card';

/** The keeper answers to no host's clock: it may look for a card still being filed this long. */
const WITHDRAW_ORPHANED_MS = 15_000;

export async function run(): Promise<void> {
  let filing: { session: string; requestId: string } | null = null;
  let card: string | null = null;
  for await (const line of createInterface({ input: process.stdin })) {
    let note: KeeperNote;
    try {
      note = JSON.parse(line) as KeeperNote;
    } catch {
      continue;
    }
    if ('done' in note) return;
    if ('card' in note) card = note.card;
    else filing = note;
  }
  if (!filing) return;
  // The host's door, as the hook it stands in for: Esc in the host's terminal took the card back.
  await withdrawWithin({ api: connect('host-terminal'), ...filing, cardId: card }, WITHDRAW_ORPHANED_MS);
}
