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

/**
 * A group the person has been shown that has drained to nothing stays as a quiet placeholder
 * where it was (issue 39 item 1), so the groups below it do not move up under the person; it
 * goes when the person takes in the new arrivals, or changes tab or filter.
 */
export function withDrained(groups: ListGroup[], known: readonly ListGroup[]): ListGroup[] {
  const present = new Set(groups.map(groupKey));
  const result = [...groups];
  let after: string | null = null;
  for (const group of known) {
    const key = groupKey(group);
    if (!present.has(key))
      result.splice(after === null ? 0 : result.findIndex((placed) => groupKey(placed) === after) + 1, 0, { ...group, cards: [] });
    after = key;
  }
  return result;
}
