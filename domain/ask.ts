/**
 * Asks: the typed questions inside a decision, and the answers each kind accepts.
 * Every ask kind defines its input schema, its answer schema and its answer check here.
 */
import { z } from 'zod';
import type { Rejection } from './errors';

export const AskKind = ['decision'] as const;
export type AskKind = (typeof AskKind)[number];

export const ChoiceOption = z.strictObject({
  label: z.string().trim().min(1).max(200),
  consequence: z.string().trim().max(1000).optional(),
  recommended: z.boolean().optional(),
});
export type ChoiceOption = z.infer<typeof ChoiceOption>;

export const ChoiceAsk = z
  .strictObject({
    kind: z.literal('decision'),
    prompt: z.string().trim().min(1).max(1000),
    options: z.array(ChoiceOption).min(2).max(25),
    multiple: z.boolean().default(false),
    required: z.boolean().default(true),
  })
  .refine((ask) => ask.options.filter((option) => option.recommended).length <= 1, {
    message: 'At most one option can be recommended.',
    path: ['options'],
  });
export type ChoiceAsk = z.infer<typeof ChoiceAsk>;

export const Ask = z.discriminatedUnion('kind', [ChoiceAsk]);
export type Ask = z.infer<typeof Ask>;

/** Options are numbered from 1, the way people and the CLI refer to them. */
export const ChoiceAnswer = z.strictObject({
  kind: z.literal('decision'),
  selected: z.array(z.number().int().min(1)).min(1).max(25),
});
export type ChoiceAnswer = z.infer<typeof ChoiceAnswer>;

export const AnswerValue = z.discriminatedUnion('kind', [ChoiceAnswer]);
export type AnswerValue = z.infer<typeof AnswerValue>;

/** Checks an answer against the ask it answers; `null` means it fits. */
export function checkAnswerShape(ask: Ask, position: number, answer: AnswerValue): Rejection | null {
  if (answer.kind !== ask.kind) {
    return {
      code: 'answer_kind_mismatch',
      message: `Ask ${position} is a ${ask.kind} ask; its answer must have kind "${ask.kind}", not "${answer.kind}".`,
      details: { ask: position, expected: ask.kind, received: answer.kind },
    };
  }
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
      code: 'invalid_request',
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
  return null;
}
