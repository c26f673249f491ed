/**
 * The list's groups as the person has been shown them (issue 38 item 7): grouped by stack and
 * scope, each group kept where it was while the tab and filter stay the same (group-order.ts),
 * and one that drains to nothing left in its place, empty, until the view changes or the
 * person takes in the new arrivals (issue 39 item 1: `view` then changes).
 */
import { useEffect, useRef } from 'react';
import type { QueueCard } from '../../../../domain/queue';
import { groupCards, type ListGroup } from './group-cards';
import { groupKey, keepGroupOrder, withDrained } from './group-order';

/** The list's groups for one tab and filter (`view`), in the order the person has been shown them. */
export function useGroupsInPlace(cards: QueueCard[], view: string): ListGroup[] {
  const shown = useRef<{ view: string; groups: ListGroup[] }>({ view, groups: [] });
  const known = shown.current.view === view ? shown.current.groups : [];
  const groups = withDrained(keepGroupOrder(groupCards(cards), known.map(groupKey)), known);
  useEffect(() => {
    shown.current = { view, groups };
  });
  return groups;
}
