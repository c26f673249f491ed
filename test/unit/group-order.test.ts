/** Issue 38 item 7: the list's groups keep their places while the page is open, so the list walked is the list seen. */
import { describe, expect, it } from 'vitest';
import { groupKey, keepGroupOrder } from '../../ui/src/features/queue/group-order';
import type { ListGroup } from '../../ui/src/features/queue/group-cards';

const scope = (name: string): ListGroup => ({ kind: 'scope', scope: name, cards: [] });
const keys = (groups: ListGroup[]) => groups.map(groupKey);

describe('the groups keep their places (issue 38 item 7)', () => {
  it('with nothing known, the rank’s order', () =>
    expect(keys(keepGroupOrder([scope('web'), scope('api')], []))).toEqual(['scope:web', 'scope:api']));

  it('groups on screen stay where they were when the rank would swap them', () =>
    expect(keys(keepGroupOrder([scope('api'), scope('web')], ['scope:web', 'scope:api']))).toEqual(['scope:web', 'scope:api']));

  it('a new group comes in where the rank puts it, before the first known group it outranks', () => {
    expect(keys(keepGroupOrder([scope('new'), scope('api'), scope('web')], ['scope:web', 'scope:api']))).toEqual([
      'scope:new',
      'scope:web',
      'scope:api',
    ]);
    expect(keys(keepGroupOrder([scope('api'), scope('web'), scope('new')], ['scope:web', 'scope:api']))).toEqual([
      'scope:web',
      'scope:api',
      'scope:new',
    ]);
  });

  it('a group that emptied is gone; the others keep their order', () =>
    expect(keys(keepGroupOrder([scope('docs'), scope('web')], ['scope:web', 'scope:api', 'scope:docs']))).toEqual([
      'scope:web',
      'scope:docs',
    ]));
});
