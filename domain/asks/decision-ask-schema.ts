/** A decision ask: a choice between the agent's enumerated options (FR-16, FR-17). */
import { z } from 'zod';
import { trimmedText } from '../text-fields';
import { labelText } from '../option-labels-schema';
import { fieldWords, naming, refusalWords, sentenceStart } from '../refusal-words';
import { askBase } from './ask-base-schema';

/** The ask a refinement's issue belongs to ("Ask 2"), from the path to one of its fields. */
const askOf = (path: readonly PropertyKey[]) => sentenceStart(fieldWords(path.slice(0, -1)));

/** Its own words, for the doors that parse an option alone (the MCP `decide` tool's arguments). */
const inWords = { error: refusalWords() };

export const DecisionOption = z.strictObject({
  /** An empty or repeated label is refused where the options are filed, with its own code (`option-labels-schema.ts`). */
  label: labelText(200, inWords),
  consequence: trimmedText(1000, inWords).optional(),
  recommended: z.boolean().optional(),
});
export type DecisionOption = z.infer<typeof DecisionOption>;

export const DecisionAsk = z
  .strictObject({
    kind: z.literal('decision'),
    ...askBase,
    options: z.array(DecisionOption).min(2).max(25),
    multiple: z.boolean().default(false),
    /** A multi-select's bounds ("Choose {min}–{max}"); default 1 to every option. */
    min: z.number().int().min(1).max(25).optional(),
    max: z.number().int().min(1).max(25).optional(),
  })
  .refine((ask) => ask.options.filter((option) => option.recommended).length <= 1, {
    path: ['options'],
    error: naming((_field, _input, path) => `${askOf(path)} recommends more than one option; recommend one at most.`),
  })
  .refine((ask) => ask.multiple || (ask.min === undefined && ask.max === undefined), {
    path: ['multiple'],
    error: naming((_field, _input, path) => `${askOf(path)} takes min and max only as a multi-select ("multiple": true).`),
  })
  .refine((ask) => (ask.min ?? 1) <= (ask.max ?? ask.options.length) && (ask.max ?? 1) <= ask.options.length, {
    path: ['max'],
    error: naming((_field, _input, path) => `${askOf(path)} needs bounds with min ≤ max ≤ its number of options.`),
  });
export type DecisionAsk = z.infer<typeof DecisionAsk>;

/** Options are numbered from 1, the way people and the CLI refer to them. */
export const DecisionAnswer = z.strictObject({
  kind: z.literal('decision'),
  selected: z.array(z.number().int().min(1)).min(1).max(25),
});
export type DecisionAnswer = z.infer<typeof DecisionAnswer>;
