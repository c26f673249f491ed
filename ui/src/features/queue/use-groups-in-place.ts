/**
 * The list's groups as the person has been shown them (issue 38 item 7): grouped by stack and
 * scope, each group kept where it was while the tab and filter stay the same (group-order.ts).
 */
import { useEffect, useRef } from 'react';
import type { QueueCard } from '../../../../domain/queue';
import { groupCards, type ListGroup } from './group-cards';
import { groupKey, keepGroupOrder } from './group-order';

/** The list's groups for one tab and filter (`view`), in the order the person has been shown them. */
export function useGroupsInPlace(cards: QueueCard[], view: string): ListGroup[] {
  const shown = useRef<{ view: string; keys: string[] }>({ view, keys: [] });
  const groups = keepGroupOrder(groupCards(cards), shown.current.view === view ? shown.current.keys : []);
  useEffect(() => {
    shown.current = { view, keys: groups.map(groupKey) };
  });
  return groups;
}
