/** List mode groups cards by their session's scope (repository or project), keeping the rank inside each group. */
import type { QueueCard } from '../types';

export type ScopeGroup = { scope: string | null; cards: QueueCard[] };

export function groupByScope(cards: QueueCard[]): ScopeGroup[] {
  const groups = new Map<string | null, QueueCard[]>();
  for (const card of cards) {
    const group = groups.get(card.scope);
    if (group) group.push(card);
    else groups.set(card.scope, [card]);
  }
  return [...groups].map(([scope, grouped]) => ({ scope, cards: grouped }));
}
