/** A decision ask's rules (FR-17, FR-24), zod-free for the workflow bundle; its wire shape is in `decision-ask-schema.ts`. */
import type { Rejection } from '../errors';
import type { DecisionAnswer, DecisionAsk } from './decision-ask-schema';

export function recommendedOption(ask: DecisionAsk): number | null {
  const index = ask.options.findIndex((option) => option.recommended);
  return index === -1 ? null : index + 1;
}

export function checkDecisionAnswer(ask: DecisionAsk, position: number, answer: DecisionAnswer): Rejection | null {
  const count = ask.options.length;
  const outside = answer.selected.find((option) => option > count);
  if (outside !== undefined) {
    return {
      code: 'option_out_of_range',
      message: `Option ${outside} does not exist; ask ${position} has options 1–${count}.`,
      details: { ask: position, option: outside, options: count },
    };
  }
  const distinct = new Set(answer.selected);
  if (distinct.size !== answer.selected.length) {
    return {
      code: 'answer_shape_invalid',
      message: `An option was chosen twice; choose each option of ask ${position} at most once.`,
      details: { ask: position },
    };
  }
  if (!ask.multiple && distinct.size > 1) {
    return {
      code: 'single_choice_only',
      message: `Ask ${position} takes exactly one option; ${distinct.size} were chosen.`,
      details: { ask: position, chosen: distinct.size },
    };
  }
  const [min, max] = [ask.min ?? 1, ask.max ?? count];
  if (ask.multiple && (distinct.size < min || distinct.size > max)) {
    return {
      code: 'answer_shape_invalid',
      message: `Ask ${position} takes ${min}–${max} options; ${distinct.size} ${distinct.size === 1 ? 'was' : 'were'} chosen.`,
      details: { ask: position, min, max, chosen: distinct.size },
    };
  }
  return null;
}

/** FR-24: going against the agent's recommendation needs a reason. */
export function decisionNeedsReason(ask: DecisionAsk, answer: DecisionAnswer): boolean {
  const recommended = recommendedOption(ask);
  return recommended !== null && !answer.selected.includes(recommended);
}

export function describeDecisionAnswer(ask: DecisionAsk, answer: DecisionAnswer): string {
  return answer.selected.map((option) => ask.options[option - 1]?.label ?? `option ${option}`).join(', ');
}
