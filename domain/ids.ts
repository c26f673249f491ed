/** The short ids people see and type: decisions `sd-N`, stacks `ds-N`. */
import { z } from 'zod';
import { naming, shown } from './refusal-words';

export const DecisionId = z.string().regex(/^sd-[1-9][0-9]{0,15}$/, {
  error: naming((field, input) => `${field} is ${shown(input)}, not a decision id; one looks like sd-12.`),
});
export type DecisionId = z.infer<typeof DecisionId>;

export const StackId = z
  .string()
  .regex(/^ds-[1-9][0-9]{0,15}$/, { error: naming((field, input) => `${field} is ${shown(input)}, not a stack id; one looks like ds-7.`) });
export type StackId = z.infer<typeof StackId>;
