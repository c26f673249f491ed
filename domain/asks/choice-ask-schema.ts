/** A decision ask: a choice between the agent's enumerated options (FR-16, FR-17). */
import { z } from 'zod';
import { askBase } from './ask-base-schema';

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
