/**
 * The keeper's run (`cast hook keeper`, started by card-keeper.ts): keeps the hook's notes (its
 * session and filing's request id, then the card's id) until its stdin closes. Closed after "done", the hook ended by itself and
 * there is nothing to do. Closed without it, the hook was killed: the card is withdrawn — found
 * by its request id when the hook died before Cast answered its filing, for as long as Cast may
 * still be filing it — so a late answer gets 409 nobody_waiting instead of reaching no one.
 */
import { createInterface } from 'node:readline';
import { withdrawWithin } from '../../../client/host-core/withdraw';
import type { KeeperNote } from './card-keeper';
import { hostClient } from './host-client';

/** The keeper answers to no host's clock: it may look for a card still being filed this long. */
const WITHDRAW_ORPHANED_MS = 15_000;

/** Reads the hook's notes on stdin until it closes; withdraws the card if the hook never said "done". */
export async function keepCard(): Promise<void> {
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
  // The host's channel, as the hook it stands in for: Esc in the host's terminal took the card back.
  await withdrawWithin({ api: hostClient(), ...filing, cardId: card }, WITHDRAW_ORPHANED_MS);
}
