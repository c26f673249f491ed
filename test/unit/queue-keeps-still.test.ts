/**
 * Issue 39 item 1: the queue keeps still while a person works. A decision filed after they took
 * the list in waits to be shown; an older one (the next page, one restored) joins at once; a
 * group they cleared keeps its place, empty; a message they replied to keeps its place.
 */
import { describe, expect, it } from 'vitest';
import type { QueueCard } from '../../domain/queue';
import { splitArrivals, takeIn } from '../../ui/src/features/queue/arrivals';
import type { ListGroup } from '../../ui/src/features/queue/group-cards';
import { groupKey, keepGroupOrder, withDrained } from '../../ui/src/features/queue/group-order';
import { keptOrder } from '../../ui/src/features/inbox/kept-order';

const card = (id: string, createdAt: string) => ({ id, createdAt }) as QueueCard;
const ids = (cards: QueueCard[]) => cards.map((one) => one.id);
const scope = (name: string, cards: string[] = ['x']): ListGroup => ({
  kind: 'scope',
  scope: name,
  cards: cards.map((id) => card(id, '2026-12-01T00:00:00Z')),
});

describe('issue 39 item 1: new arrivals wait to be shown', () => {
  const taken = takeIn([card('sd-1', '2026-12-01T10:00:00Z'), card('sd-2', '2026-12-01T11:00:00Z')]);

  it('a decision filed after the list was taken in is held; the list keeps what was shown', () => {
    const split = splitArrivals(
      [card('sd-9', '2026-12-01T12:00:00Z'), card('sd-1', '2026-12-01T10:00:00Z'), card('sd-2', '2026-12-01T11:00:00Z')],
      taken,
    );
    expect(ids(split.held)).toEqual(['sd-9']);
    expect(ids(split.shown)).toEqual(['sd-1', 'sd-2']);
  });

  it('an older decision not shown before (the next page, a restore) joins at once', () => {
    const split = splitArrivals([card('sd-1', '2026-12-01T10:00:00Z'), card('sd-0', '2026-11-30T09:00:00Z')], taken);
    expect(ids(split.shown)).toEqual(['sd-1', 'sd-0']);
    expect(split.held).toEqual([]);
  });

  it('a card filed before the read, though not on its page, is not new', () => {
    const read = takeIn([card('sd-1', '2026-12-01T10:00:00Z')], '2026-12-01T11:30:00Z');
    const split = splitArrivals(
      [card('sd-1', '2026-12-01T10:00:00Z'), card('sd-5', '2026-12-01T11:00:00Z'), card('sd-9', '2026-12-01T12:00:00Z')],
      read,
    );
    expect(ids(split.shown)).toEqual(['sd-1', 'sd-5']);
    expect(ids(split.held)).toEqual(['sd-9']);
  });

  it('only arrivals within what is shown are held; one the rank puts past it is only not loaded yet', () => {
    const split = splitArrivals(
      [
        card('sd-9', '2026-12-01T12:00:00Z'),
        card('sd-1', '2026-12-01T10:00:00Z'),
        card('sd-2', '2026-12-01T11:00:00Z'),
        card('sd-8', '2026-12-01T12:30:00Z'),
      ],
      taken,
      2,
    );
    expect(ids(split.shown)).toEqual(['sd-1', 'sd-2']);
    expect(ids(split.held)).toEqual(['sd-9']);
  });

  it('taken in again, every card shows', () => {
    const now = [card('sd-9', '2026-12-01T12:00:00Z'), card('sd-1', '2026-12-01T10:00:00Z')];
    expect(splitArrivals(now, takeIn(now)).held).toEqual([]);
  });
});

describe('issue 39 item 1: a cleared group keeps its place, empty', () => {
  it('between the groups it stood between, with no cards', () => {
    const known = [scope('web'), scope('api'), scope('docs')];
    const fresh = keepGroupOrder([scope('docs'), scope('web')], known.map(groupKey));
    const groups = withDrained(fresh, known);
    expect(groups.map(groupKey)).toEqual(['scope:web', 'scope:api', 'scope:docs']);
    expect(groups.map((group) => group.cards.length)).toEqual([1, 0, 1]);
  });

  it('the first group cleared stays first', () =>
    expect(withDrained([scope('api')], [scope('web'), scope('api')]).map(groupKey)).toEqual(['scope:web', 'scope:api']));
});

describe('issue 39 item 4: a message replied to keeps its place', () => {
  it('known items keep their order; new ones come first', () => {
    const key = (item: string) => item;
    expect(keptOrder(['b', 'c', 'd', 'a'], ['a', 'b', 'c', 'd'], key)).toEqual(['a', 'b', 'c', 'd']);
    expect(keptOrder(['new', 'b', 'a'], ['a', 'b'], key)).toEqual(['new', 'a', 'b']);
  });
});
