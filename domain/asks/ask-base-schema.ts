import { z } from 'zod';
import { filledText, trimmedText } from '../text-fields';

/** What every ask carries (FR-12): a prompt, optional context, and whether it gates the decision. */
export const askBase = {
  prompt: filledText(1000),
  context: trimmedText(4000).optional(),
  required: z.boolean().default(true),
};
