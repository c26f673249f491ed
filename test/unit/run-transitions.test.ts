import { describe, expect, it } from 'vitest';
import { RunStatus, checkRunTransition, holdsSlot } from '../../domain/run';

const allowed: Array<[RunStatus, RunStatus]> = [
  ['queued', 'ready'],
  ['queued', 'cancelled'],
  ['ready', 'running'],
  ['ready', 'cancelled'],
  ['running', 'parked'],
  ['running', 'completed'],
  ['running', 'failed'],
  ['running', 'cancelled'],
  ['parked', 'running'],
  ['parked', 'completed'],
  ['parked', 'cancelled'],
];

describe('run transitions', () => {
  it('allows exactly the documented status changes', () => {
    for (const from of RunStatus) {
      for (const to of RunStatus) {
        const expected = allowed.some(([a, b]) => a === from && b === to);
        expect(checkRunTransition(from, to) === null, `${from} → ${to}`).toBe(expected);
      }
    }
  });

  it('names both states when it refuses', () => {
    expect(checkRunTransition('completed', 'running')).toMatchObject({
      code: 'invalid_transition',
      message: expect.stringMatching(/completed.*running/),
      details: { from: 'completed', to: 'running' },
    });
    expect(checkRunTransition('queued', 'running')?.message).toMatch(/queued run cannot become running; it can become ready, cancelled/);
  });

  it('counts only ready and running runs against the concurrency limit', () => {
    expect(RunStatus.filter(holdsSlot)).toEqual(['ready', 'running']);
  });
});
