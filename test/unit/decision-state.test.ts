import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { applyAnswer, checkAnswer, openDecision, progress, type AnswerCommand } from '../../domain/decision-state';
import type { DecisionStart } from '../../domain/decision';
import { FileDecisionBody } from '../../domain/decision-schema';
import type { DecisionAsk } from '../../domain/ask-schema';
import { decisionBody, decisionStart } from '../support/fixtures';

function start(asks = 2): DecisionStart {
  return decisionStart(decisionBody('Q?', asks), { id: 'sd-1', workspaceId: 'ws', filedBy: 'mb' });
}

const answer = (ask: number, selected: number[]): AnswerCommand => ({
  ask,
  value: { kind: 'decision', selected },
  reason: selected.includes(2) ? null : 'Because.',
  answeredBy: 'mb_1',
});

describe('decision rules', () => {
  it('resolves only when the last required ask is answered (FR-28)', () => {
    let state = openDecision(start(2), new Date('2026-01-01T00:00:00Z'));
    state = applyAnswer(state, answer(1, [2]), new Date('2026-01-01T00:01:00Z'));
    expect(state.status).toBe('open');
    expect(progress(state)).toEqual({ answered: 1, required: 2 });
    state = applyAnswer(state, answer(2, [1]), new Date('2026-01-01T00:02:00Z'));
    expect(state.status).toBe('resolved');
    expect(state.resolvedAt).toBe('2026-01-01T00:02:00.000Z');
    expect(state.revision).toBe(3);
  });

  it('refuses a second answer and reports the first (first writer wins)', () => {
    const state = applyAnswer(openDecision(start(2), new Date()), answer(1, [2]), new Date());
    const rejection = checkAnswer(state, answer(1, [1]));
    expect(rejection?.code).toBe('ask_already_answered');
    expect(rejection?.details).toMatchObject({ answer: { value: { selected: [2] }, answeredBy: 'mb_1' } });
  });

  it('names what is wrong with an answer of the wrong shape', () => {
    const state = openDecision(start(1), new Date());
    expect(checkAnswer(state, answer(1, [4]))).toMatchObject({
      code: 'option_out_of_range',
      message: 'Option 4 does not exist; ask 1 has options 1–3.',
    });
    expect(checkAnswer(state, answer(1, [1, 2]))).toMatchObject({
      code: 'single_choice_only',
      message: 'Ask 1 takes exactly one option; 2 were chosen.',
    });
    expect(checkAnswer(state, answer(3, [1]))).toMatchObject({ code: 'ask_not_found' });
    expect(checkAnswer(state, answer(1, [1]))).toBeNull();
  });

  it("E15 — refuses another workspace's answer as if the decision did not exist, whatever else is wrong with it", () => {
    const state = openDecision(start(1), new Date());
    expect(checkAnswer(state, { ...answer(1, [1]), workspaceId: 'ws' })).toBeNull();
    for (const command of [answer(1, [1]), answer(3, [9])]) {
      expect(checkAnswer(state, { ...command, workspaceId: 'ws_other' })).toEqual({
        code: 'decision_not_found',
        message: 'There is no decision with that id in this workspace.',
      });
    }
  });

  it('allows at most one recommended option', () => {
    const body = decisionBody();
    (body.asks[0] as z.input<typeof DecisionAsk>).options[0]!.recommended = true;
    expect(FileDecisionBody.safeParse(body).success).toBe(false);
  });
});

describe('multi-select bounds', () => {
  it('a multi-select takes between its min and max options', () => {
    const body = {
      question: 'Which regions?',
      asks: [
        {
          kind: 'decision' as const,
          prompt: 'Regions',
          multiple: true,
          min: 2,
          max: 3,
          options: ['EU', 'US', 'APAC', 'LATAM'].map((label) => ({ label })),
        },
      ],
    };
    const state = openDecision(decisionStart(body, { id: 'sd-2', workspaceId: 'ws', filedBy: 'mb' }), new Date());
    const pick = (selected: number[]) =>
      checkAnswer(state, { ask: 1, value: { kind: 'decision', selected }, reason: null, answeredBy: 'mb' });
    expect(pick([1])).toMatchObject({ code: 'answer_shape_invalid', message: 'Ask 1 takes 2–3 options; 1 was chosen.' });
    expect(pick([1, 2, 3, 4])).toMatchObject({ code: 'answer_shape_invalid' });
    expect(pick([1, 3])).toBeNull();
    expect(FileDecisionBody.safeParse({ ...body, asks: [{ ...body.asks[0], max: 5 }] }).success).toBe(false);
    expect(FileDecisionBody.safeParse({ ...body, asks: [{ ...body.asks[0], multiple: false }] }).success).toBe(false);
  });
});
