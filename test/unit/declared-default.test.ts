/**
 * cast-decide "Decision stacks": one rule for which decision takes its declared default — the
 * stack's deadline (automatic) and a person's "answer every advisory default" both use it.
 */
import { describe, expect, it } from 'vitest';
import { applyAnswer, autoDefaultAnswer, declaredDefault, openDecision } from '../../domain/decision-state';
import { decisionBody, decisionStart } from '../support/fixtures';

const now = new Date('2026-01-01T00:00:00Z');

/** An advisory decision whose default is option 2 (an advisory decision always declares one). */
function decision(overrides: { asks?: number } = {}) {
  const body = { ...decisionBody('Which?', overrides.asks ?? 1), mode: 'advisory' as const, defaultOption: 2 };
  return openDecision(decisionStart(body, { id: 'sd-1', workspaceId: 'ws', filedBy: 'mb' }), now);
}

describe('the declared default', () => {
  it('an open advisory decision with a default takes it on its decision ask', () => {
    expect(declaredDefault(decision())).toEqual({ ask: 1, value: { kind: 'decision', selected: [2] } });
    expect(autoDefaultAnswer(decision())).toMatchObject({ ask: 1, value: { selected: [2] }, automatic: true });
  });

  it('a blocking decision, one without a default, or one already answered or closed never does — by either door', () => {
    const answered = applyAnswer(
      decision({ asks: 2 }),
      { ask: 1, value: { kind: 'decision', selected: [1] }, reason: 'No.', answeredBy: 'mb' },
      now,
    );
    // Snapshots the filing rules never produce (blocking with a default, advisory without one) are refused all the same.
    const cases = [
      { ...decision(), mode: 'blocking' as const },
      { ...decision(), defaultOption: null },
      answered,
      { ...decision(), status: 'archived' as const },
    ];
    for (const state of cases) {
      expect(declaredDefault(state)).toBeNull();
      expect(autoDefaultAnswer(state)).toBeNull();
    }
  });
});
