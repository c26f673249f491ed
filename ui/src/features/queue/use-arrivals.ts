/**
 * The list as the person has taken it in, per tab and filter (`view`), with the new arrivals
 * held back until `join` (queue/arrivals.ts). The first read of a view is taken in whole; so is
 * every read while nothing is shown, as there is no place in the list to keep.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { QueueCard } from '../../../../domain/queue';
import { splitArrivals, takeIn, type TakenIn } from './arrivals';

/** `page`: the read, its cards and the newest decision it knew of; `limit`: how many cards to show. */
export function useArrivals(
  page: { decisions: QueueCard[]; history: { lastOpenedAt: string | null } } | null,
  view: string,
  limit: number,
) {
  const cards = page?.decisions ?? null;
  const [taken, setTaken] = useState<{ view: string; taken: TakenIn } | null>(null);
  // How many times the person chose to join the arrivals: the list's order then starts afresh.
  const [joins, setJoins] = useState(0);
  const latest = useRef(page);
  latest.current = page;
  const current = taken?.view === view ? taken.taken : null;
  const split = cards && current ? splitArrivals(cards, current, limit) : { shown: (cards ?? []).slice(0, limit), held: [] };

  // Taken in: a view's first read, a read while nothing is shown, and what is shown joins what was taken in.
  const lastOpenedAt = page?.history.lastOpenedAt ?? null;
  useEffect(() => {
    if (!cards) return;
    const shown = current ? splitArrivals(cards, current, limit).shown : cards.slice(0, limit);
    if (!current || (shown.length === 0 && cards.length > 0)) {
      setTaken({ view, taken: takeIn(cards, lastOpenedAt) });
      return;
    }
    const unseen = shown.filter((card) => !current.ids.has(card.id));
    if (unseen.length > 0)
      setTaken({ view, taken: { ids: new Set([...current.ids, ...unseen.map((card) => card.id)]), newest: current.newest } });
  }, [cards, current, view, lastOpenedAt, limit]);

  const join = useCallback(() => {
    setTaken({ view, taken: takeIn(latest.current?.decisions ?? [], latest.current?.history.lastOpenedAt ?? null) });
    setJoins((count) => count + 1);
  }, [view]);

  return { shown: split.shown, held: split.held, join, joins };
}
