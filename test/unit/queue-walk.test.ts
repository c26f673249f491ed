/**
 * FR-8, §6.17: where the walker stands and where `]` / `[` go once a decision has left the list —
 * among the cards the person saw, never by the server's rank (issue 38 item 7).
 */
import { describe, expect, it } from 'vitest';
import { afterLeaving, placeOf, stepFrom } from '../../ui/src/features/queue/walk';

const ids = ['sd-1', 'sd-2', 'sd-3', 'sd-4'];

describe('the walker (FR-8) and ] / [ (§6.17)', () => {
  it('stands on the current decision while it is listed', () => {
    expect(placeOf(ids, 'sd-2', null)).toEqual({ id: 'sd-2', index: 1, inList: true, seen: ids });
    expect(stepFrom(ids, placeOf(ids, 'sd-2', null), 1)).toBe('sd-3');
    expect(stepFrom(ids, placeOf(ids, 'sd-2', null), -1)).toBe('sd-1');
  });

  it('keeps the place an answered decision left, so ] goes to the one that followed it, not the first', () => {
    const before = placeOf(ids, 'sd-2', null);
    const after = ['sd-1', 'sd-3', 'sd-4'];
    const left = placeOf(after, 'sd-2', before);
    expect(left).toEqual({ id: 'sd-2', index: 1, inList: false, seen: ids });
    expect(stepFrom(after, left, 1)).toBe('sd-3');
    expect(stepFrom(after, left, -1)).toBe('sd-1');
  });

  it('issue 38 item 7: a list that reads afresh in another order still walks from where the decision stood on screen', () => {
    // Seen: scope "web" (sd-1, sd-3), then scope "api" (sd-2, sd-4). sd-1 is archived; read afresh
    // by rank the groups would swap: sd-2, sd-4, sd-3.
    const seen = ['sd-1', 'sd-3', 'sd-2', 'sd-4'];
    const left = placeOf(['sd-2', 'sd-4', 'sd-3'], 'sd-1', placeOf(seen, 'sd-1', null));
    expect(stepFrom(['sd-2', 'sd-4', 'sd-3'], left, 1)).toBe('sd-3');
    // A card filed meanwhile where it stood is next.
    const left2 = placeOf(['sd-5', 'sd-3', 'sd-2', 'sd-4'], 'sd-1', placeOf(seen, 'sd-1', null));
    expect(stepFrom(['sd-5', 'sd-3', 'sd-2', 'sd-4'], left2, -1)).toBe('sd-5');
  });

  it('stops at either end, and starts at the first with no place', () => {
    expect(stepFrom(ids, placeOf(ids, 'sd-4', null), 1)).toBeNull();
    expect(stepFrom(ids, placeOf(ids, 'sd-1', null), -1)).toBeNull();
    // The last one left: nothing follows it, and [ goes to the one before it.
    const last = placeOf(['sd-1', 'sd-2', 'sd-3'], 'sd-4', placeOf(ids, 'sd-4', null));
    expect(stepFrom(['sd-1', 'sd-2', 'sd-3'], last, 1)).toBeNull();
    expect(stepFrom(['sd-1', 'sd-2', 'sd-3'], last, -1)).toBe('sd-3');
    expect(stepFrom(ids, null, 1)).toBe('sd-1');
    expect(stepFrom([], null, 1)).toBeNull();
  });

  it('a decision unknown to the list has no place', () =>
    expect(placeOf(ids, 'sd-9', { id: 'sd-8', index: 0, inList: true, seen: ['sd-8'] })).toBeNull());

  it('leaving the list goes to the next decision, else the previous, else none', () => {
    expect(afterLeaving(ids, 'sd-2')).toBe('sd-3');
    expect(afterLeaving(ids, 'sd-4')).toBe('sd-3');
    expect(afterLeaving(['sd-1'], 'sd-1')).toBeNull();
  });
});
