/** Who picks up an answer (FR-31), and issue 38 item 4: a parked run restarts only for the decisions linked to it. */
import { describe, expect, it } from 'vitest';
import { pickupOf, type RunBinding } from '../../domain/pickup';

const parkedOwn: RunBinding = { sessionLinked: true, runLinked: true, run: 'parked', liveness: 'live', othersOpen: 0 };

describe('pickupOf', () => {
  it('restarts the parked run the decision is linked to, once no other decision it waits on is open', () => {
    expect(pickupOf(parkedOwn)).toBe('restart');
    expect(pickupOf({ ...parkedOwn, othersOpen: 2 })).toBe('waits');
    expect(pickupOf({ ...parkedOwn, liveness: 'stopped' })).toBe('stopped');
  });

  it('issue 38 item 4 — never restarts a parked run for a decision that names no run', () => {
    expect(pickupOf({ ...parkedOwn, runLinked: false })).toBe('none');
    expect(pickupOf({ ...parkedOwn, runLinked: false, liveness: 'stopped' })).toBe('none');
  });

  it('a live run takes the answer, its own or the session’s newest; with no session or no run nothing does', () => {
    expect(pickupOf({ ...parkedOwn, run: 'running' })).toBe('inject');
    expect(pickupOf({ ...parkedOwn, runLinked: false, run: 'running' })).toBe('inject');
    expect(pickupOf({ ...parkedOwn, run: 'completed' })).toBe('none');
    expect(pickupOf({ ...parkedOwn, run: null })).toBe('none');
    expect(pickupOf({ ...parkedOwn, sessionLinked: false })).toBe('none');
  });
});
