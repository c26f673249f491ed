/**
 * An access ask: a permission, connection or grant the agent lacks (FR-16, FR-19). It names
 * what is needed and where it is granted; when it names a tool pattern Cast can evaluate,
 * "I have granted it" is re-checked against the agent's tool grants. No credential value is
 * ever part of it.
 */
import { z } from 'zod';
import { filledText } from '../text-fields';
import { askBase } from './ask-base-schema';

export const AccessAsk = z.strictObject({
  kind: z.literal('access'),
  ...askBase,
  needed: filledText(500),
  grantUrl: z.url().max(2000),
  /** A tool name Cast can check against the agent's grants, e.g. "mcp__analytics__query". */
  tool: filledText(200).optional(),
});
export type AccessAsk = z.infer<typeof AccessAsk>;

export const AccessAnswer = z.strictObject({
  kind: z.literal('access'),
  granted: z.literal(true),
});
export type AccessAnswer = z.infer<typeof AccessAnswer>;
