/**
 * New arrivals wait to be shown (issue 39 item 1). While a person works through the list, a
 * decision filed after they last took the list in is not slipped into it — the list they walk
 * stays the one they saw — but counted ("3 new decisions — Show") and joined when they choose.
 *
 * What the person has taken in: the ids shown to them, and the newest filing time the read knew
 * of (the workspace's newest decision, `history.lastOpenedAt`, so a card filed before the read
 * but not on its page is not new). A card not yet shown is new when it was filed after that; an
 * older one (the next page, a card that moves up as others are answered, one restored) joins at
 * once, as it is nothing new.
 */
import type { QueueCard } from '../../../../domain/queue';

export type TakenIn = { ids: ReadonlySet<string>; newest: string | null };

/** The cards as they stand now taken in: every id, and the newest filing time the read knew of. */
export function takeIn(cards: readonly QueueCard[], lastOpenedAt: string | null = null): TakenIn {
  let newest: string | null = lastOpenedAt;
  for (const card of cards) if (newest === null || Date.parse(card.createdAt) > Date.parse(newest)) newest = card.createdAt;
  return { ids: new Set(cards.map((card) => card.id)), newest };
}

/**
 * The first `limit` cards to show (in the order read) and the new arrivals held back among them;
 * an arrival the rank puts past the last card shown is not held, only not loaded yet (it is part
 * of "Load more"). The read goes `ARRIVAL_ROOM` past what is shown, so arrivals that rank above
 * push no known card off the list.
 */
export function splitArrivals(cards: readonly QueueCard[], taken: TakenIn, limit = Infinity): { shown: QueueCard[]; held: QueueCard[] } {
  const shown: QueueCard[] = [];
  const held: QueueCard[] = [];
  for (const card of cards) {
    if (shown.length >= limit) break;
    const isNew = !taken.ids.has(card.id) && taken.newest !== null && Date.parse(card.createdAt) > Date.parse(taken.newest);
    (isNew ? held : shown).push(card);
  }
  return { shown, held };
}

/** How many cards past what is shown the queue reads, so that many arrivals can wait without pushing a known card off. */
export const ARRIVAL_ROOM = 10;
