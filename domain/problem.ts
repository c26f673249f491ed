/**
 * The problem document every refusal answers with (RFC 9457; api/problem.ts writes it): one
 * schema for the API's documentation and every client. Clients read `code` as any string, so
 * a code added later is still a problem they can show.
 */
import { z } from 'zod';
import { ErrorCode } from './errors';

export const PROBLEM_TYPE = 'application/problem+json';

/** What a client can rely on: a stable `code` to branch on, a `detail` to show. */
export const Problem = z.looseObject({
  type: z.string().optional(),
  title: z.string().optional(),
  status: z.int().min(400).max(599),
  detail: z.string(),
  code: z.string(),
});
export type Problem = z.infer<typeof Problem>;

/** What the API promises: every member present, and `code` one of domain/errors.ts's. */
export const ApiProblem = Problem.extend({
  type: z.string().meta({ description: '`/problems/<code>`' }),
  title: z.string().min(1).meta({ description: 'The same sentence for every problem with this code.' }),
  detail: z.string().min(1).meta({ description: 'What was wrong with this request, specifically.' }),
  code: z.enum(ErrorCode).meta({ description: 'Stable; clients branch on it (domain/errors.ts).' }),
  instance: z
    .string()
    .optional()
    .meta({ description: 'The request this answers, `urn:cast:request:<X-Request-Id>`: quote it to find its log lines.' }),
  mayHaveTakenEffect: z.boolean().optional().meta({
    description:
      'On a 503 from the workflow service (`temporal_unavailable`, `temporal_busy`): whether the request may still have landed. When true, retry it with the same `Idempotency-Key`, which is never applied twice.',
  }),
}).meta({
  id: 'Problem',
  description: 'RFC 9457 problem details. Some codes add members (`issues` for invalid_request, `answer` for ask_already_answered, …).',
});
