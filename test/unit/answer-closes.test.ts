/**
 * Issue 39 item 6: the web sends what a person filled in on optional asks before the answer
 * that closes a decision. `answerCloses` says which answer that is; it must agree with the
 * workflow's own rule (applyAnswer resolving the decision, FR-21, FR-28) in every case.
 */
import { describe, expect, it } from 'vitest';
import { answerCloses, applyAnswer, openDecision, type AnswerCommand } from '../../domain/decision-state';
import { decisionBody, decisionStart } from '../support/fixtures';

const at = new Date('2026-01-01T00:00:00Z');
const answer = (ask: number): AnswerCommand => ({ ask, value: { kind: 'decision', selected: [2] }, reason: null, answeredBy: 'mb_1' });

/** A decision with asks required (true) or optional (false), the listed ones already answered. */
function decision(required: boolean[], answered: number[]) {
  const body = decisionBody('Q?', required.length);
  body.asks = body.asks.map((ask, index) => ({ ...ask, required: required[index] }));
  let state = openDecision(decisionStart(body, { id: 'sd-1', workspaceId: 'ws', filedBy: 'mb' }), at);
  for (const n of answered) state = applyAnswer(state, answer(n), at);
  return state;
}

describe('FR-21, FR-28 — answerCloses (issue 39 item 6)', () => {
  const shapes: Array<[boolean[], number[]]> = [
    [[true, false], []],
    [[true, true, false], []],
    [[true, true, false], [1]],
    [[false, true, false], []],
    [[false, false], []],
    [[false, false, false], []],
    [[true], []],
  ];
  for (const [required, answered] of shapes) {
    it(`agrees with the workflow's rule: required ${JSON.stringify(required)}, answered ${JSON.stringify(answered)}`, () => {
      const state = decision(required, answered);
      if (state.status !== 'open') return;
      for (const ask of state.asks.filter((a) => !a.answer)) {
        const closes = applyAnswer(state, answer(ask.position), at).status === 'resolved';
        expect(answerCloses(state.asks, ask.position), `ask ${ask.position}`).toBe(closes);
      }
    });
  }

  it('an optional answer never closes a decision that still has a required ask open', () => {
    const state = decision([true, false], []);
    expect(answerCloses(state.asks, 2)).toBe(false);
    expect(answerCloses(state.asks, 1)).toBe(true);
  });
});
