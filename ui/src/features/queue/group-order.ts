/**
 * The groups keep their places while the page is open (issue 38 item 7). groupCards orders the
 * scope groups by their best-ranked card, so answering the head of one group could swap it with
 * the next as the list reads afresh, and the list the person walks would no longer be the one
 * they saw. A group already on screen stays where it was; a new one comes in where the rank puts
 * it, before the first known group it outranks.
 */
import type { ListGroup } from './group-cards';

export const groupKey = (group: ListGroup) => (group.kind === 'stack' ? `stack:${group.stack.id}` : `scope:${group.scope ?? ''}`);

/** `fresh` in the rank's order, re-ordered so that the groups in `known` keep the order they had. */
export function keepGroupOrder(fresh: ListGroup[], known: readonly string[]): ListGroup[] {
  const place = new Map(known.map((key, index) => [key, index]));
  const stayed = fresh.filter((group) => place.has(groupKey(group))).sort((a, b) => place.get(groupKey(a))! - place.get(groupKey(b))!);
  const ordered: ListGroup[] = [];
  let waiting: ListGroup[] = [];
  let next = 0;
  for (const group of fresh) {
    if (!place.has(groupKey(group))) {
      waiting.push(group);
      continue;
    }
    // A new group the rank puts before this known one comes in before it, and before the known
    // groups still to come up to it.
    ordered.push(...waiting);
    waiting = [];
    while (next < stayed.length && !ordered.includes(group)) ordered.push(stayed[next++]!);
  }
  return [...ordered, ...stayed.slice(next), ...waiting];
}
