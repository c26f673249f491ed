/** An action ask: something only a person can do, outside Cast (FR-16). */
import { z } from 'zod';
import { askBase } from './ask-base-schema';

export const ActionAsk = z.strictObject({
  kind: z.literal('action'),
  ...askBase,
  instructions: z.string().trim().max(4000).optional(),
});
export type ActionAsk = z.infer<typeof ActionAsk>;

export const ActionAnswer = z.strictObject({
  kind: z.literal('action'),
  done: z.literal(true),
  note: z.string().trim().max(1000).optional(),
});
export type ActionAnswer = z.infer<typeof ActionAnswer>;
