/** The problem document every refusal answers with (api/problem.ts), as a schema the docs and tests share. */
import { z } from 'zod';
import { ErrorCode } from '../../domain/errors';

export const PROBLEM_TYPE = 'application/problem+json';

export const Problem = z
  .looseObject({
    type: z.string().meta({ description: '`/problems/<code>`' }),
    title: z.string().min(1).meta({ description: 'The same sentence for every problem with this code.' }),
    status: z.int().min(400).max(599),
    detail: z.string().min(1).meta({ description: 'What was wrong with this request, specifically.' }),
    code: z.enum(ErrorCode).meta({ description: 'Stable; clients branch on it (domain/errors.ts).' }),
  })
  .meta({
    id: 'Problem',
    description: 'RFC 9457 problem details. Some codes add members (`issues` for invalid_request, `answer` for ask_already_answered, …).',
  });
export type Problem = z.infer<typeof Problem>;
