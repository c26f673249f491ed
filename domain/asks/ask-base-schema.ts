import { z } from 'zod';

/** What every ask carries (FR-12): a prompt, optional context, and whether it gates the decision. */
export const askBase = {
  prompt: z.string().trim().min(1).max(1000),
  context: z.string().trim().max(4000).optional(),
  required: z.boolean().default(true),
};
