/** A fact ask: information only the person has (FR-16, FR-18). */
import { z } from 'zod';
import { filledText } from '../text-fields';
import { askBase } from './ask-base-schema';

export const FactAsk = z.strictObject({
  kind: z.literal('fact'),
  ...askBase,
  multiline: z.boolean().default(false),
});
export type FactAsk = z.infer<typeof FactAsk>;

export const FactAnswer = z.strictObject({
  kind: z.literal('fact'),
  text: filledText(4000),
});
export type FactAnswer = z.infer<typeof FactAnswer>;
