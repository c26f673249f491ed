/** A decision ask: a choice between the agent's enumerated options (FR-16, FR-17). */
import { z } from 'zod';
import type { Rejection } from '../errors';
import { askBase } from './common';

export const ChoiceOption = z.strictObject({
  label: z.string().trim().min(1).max(200),
  consequence: z.string().trim().max(1000).optional(),
  recommended: z.boolean().optional(),
});
export type ChoiceOption = z.infer<typeof ChoiceOption>;

export const ChoiceAsk = z
  .strictObject({
    kind: z.literal('decision'),
    ...askBase,
    options: z.array(ChoiceOption).min(2).max(25),
    multiple: z.boolean().default(false),
    /** A multi-select's bounds ("Choose {min}–{max}"); default 1 to every option. */
    min: z.number().int().min(1).max(25).optional(),
    max: z.number().int().min(1).max(25).optional(),
  })
  .refine((ask) => ask.options.filter((option) => option.recommended).length <= 1, {
    message: 'At most one option can be recommended.',
    path: ['options'],
  })
  .refine((ask) => ask.multiple || (ask.min === undefined && ask.max === undefined), {
    message: 'min and max apply only to a multi-select ask ("multiple": true).',
    path: ['multiple'],
  })
  .refine((ask) => (ask.min ?? 1) <= (ask.max ?? ask.options.length) && (ask.max ?? 1) <= ask.options.length, {
    message: 'Choose bounds with min ≤ max ≤ the number of options.',
    path: ['max'],
  });
export type ChoiceAsk = z.infer<typeof ChoiceAsk>;

/** Options are numbered from 1, the way people and the CLI refer to them. */
export const ChoiceAnswer = z.strictObject({
  kind: z.literal('decision'),
  selected: z.array(z.number().int().min(1)).min(1).max(25),
});
export type ChoiceAnswer = z.infer<typeof ChoiceAnswer>;

export function recommendedOption(ask: ChoiceAsk): number | null {
  const index = ask.options.findIndex((option) => option.recommended);
  return index === -1 ? null : index + 1;
}

export function checkChoiceAnswer(ask: ChoiceAsk, position: number, answer: ChoiceAnswer): Rejection | null {
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
      message: `Ask ${position} takes ${min}–${max} options; ${distinct.size} were chosen.`,
      details: { ask: position, min, max, chosen: distinct.size },
    };
  }
  return null;
}

/** FR-24: going against the agent's recommendation needs a reason. */
export function choiceNeedsReason(ask: ChoiceAsk, answer: ChoiceAnswer): boolean {
  const recommended = recommendedOption(ask);
  return recommended !== null && !answer.selected.includes(recommended);
}

export function describeChoice(ask: ChoiceAsk, answer: ChoiceAnswer): string {
  return answer.selected.map((option) => ask.options[option - 1]?.label ?? `option ${option}`).join(', ');
}
