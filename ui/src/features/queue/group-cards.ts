/**
 * List mode groups by stack, then by scope (cast-decide "What you see"): each stack on the
 * page is one checklist group, its members in the stack's order, overdue stacks first; the
 * cards in no stack then group by their session's scope, keeping the rank inside each group.
 * The groups' order is the on-screen order, which j/k and the walker follow.
 */
import type { QueueCard } from '../../../../domain/queue';

export type StackHeading = Omit<NonNullable<QueueCard['stackPlace']>, 'position'>;

export type ListGroup =
  { kind: 'stack'; stack: StackHeading; cards: QueueCard[] } | { kind: 'scope'; scope: string | null; cards: QueueCard[] };

export function groupCards(cards: QueueCard[]): ListGroup[] {
  const stacks = new Map<string, { stack: StackHeading; cards: QueueCard[] }>();
  const scopes = new Map<string | null, QueueCard[]>();
  for (const card of cards) {
    const place = card.stackPlace;
    if (place) {
      const group = stacks.get(place.id);
      if (group) group.cards.push(card);
      else stacks.set(place.id, { stack: { id: place.id, title: place.title, dueAt: place.dueAt, overdue: place.overdue }, cards: [card] });
      continue;
    }
    const group = scopes.get(card.scope);
    if (group) group.push(card);
    else scopes.set(card.scope, [card]);
  }
  const position = (card: QueueCard) => card.stackPlace?.position ?? 0;
  // The open tab already ranks overdue stacks' members first; the other tabs do not, so say it here too (a stable sort).
  const stackGroups = [...stacks.values()]
    .sort((a, b) => Number(b.stack.overdue) - Number(a.stack.overdue))
    .map(({ stack, cards: members }) => ({ kind: 'stack' as const, stack, cards: [...members].sort((a, b) => position(a) - position(b)) }));
  const scopeGroups = [...scopes].map(([scope, grouped]) => ({ kind: 'scope' as const, scope, cards: grouped }));
  return [...stackGroups, ...scopeGroups];
}
