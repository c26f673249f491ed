/** An action ask: something only a person can do, outside Cast (FR-16). */
import { z } from 'zod';
import { trimmedText } from '../text-fields';
import { askBase } from './ask-base-schema';

export const ActionAsk = z.strictObject({
  kind: z.literal('action'),
  ...askBase,
  instructions: trimmedText(4000).optional(),
});
export type ActionAsk = z.infer<typeof ActionAsk>;

export const ActionAnswer = z.strictObject({
  kind: z.literal('action'),
  done: z.literal(true),
  note: trimmedText(1000).optional(),
});
export type ActionAnswer = z.infer<typeof ActionAnswer>;
