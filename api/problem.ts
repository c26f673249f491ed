/**
 * The one place errors become responses: `application/problem+json` (RFC 9457) with the
 * DomainError's stable `code`, and an HTTP status chosen here and nowhere else.
 */
import type { ErrorRequestHandler, Response } from 'express';
import type { z } from 'zod';
import { DomainError, type ErrorCode } from '../domain/errors';
import type { Logger } from '../runtime/logger';

const STATUS: Record<ErrorCode, number> = {
  invalid_request: 400,
  malformed_json: 400,
  unauthorized: 401,
  not_found: 404,
  decision_not_found: 404,
  ask_not_found: 404,
  ask_already_answered: 409,
  decision_closed: 409,
  answer_kind_mismatch: 422,
  option_out_of_range: 422,
  single_choice_only: 422,
  temporal_unavailable: 503,
  request_expired: 503,
  internal: 500,
};

const TITLE: Record<ErrorCode, string> = {
  invalid_request: 'The request is not valid.',
  malformed_json: 'The request body is not valid JSON.',
  unauthorized: 'A valid bearer token is required.',
  not_found: 'Not found.',
  decision_not_found: 'Decision not found.',
  ask_not_found: 'Ask not found.',
  ask_already_answered: 'This ask was already answered.',
  decision_closed: 'This decision takes no more answers.',
  answer_kind_mismatch: 'The answer does not fit the ask.',
  option_out_of_range: 'The answer does not fit the ask.',
  single_choice_only: 'The answer does not fit the ask.',
  temporal_unavailable: 'Cast cannot reach its workflow service right now.',
  request_expired: 'The request expired before it was processed.',
  internal: 'Something went wrong on our side.',
};

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}

export function sendProblem(res: Response, error: DomainError): void {
  const status = STATUS[error.code];
  if (status === 503) res.setHeader('Retry-After', '5');
  res
    .status(status)
    .type('application/problem+json')
    .json({
      ...error.details,
      type: `/problems/${error.code}`,
      title: TITLE[error.code],
      status,
      detail: error.message,
      code: error.code,
    });
}

/** Turns a zod failure into a 400 that names every offending field. */
export function invalidRequest(error: z.ZodError): DomainError {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const message = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
  return new DomainError('invalid_request', message, { issues });
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidRequest(parsed.error);
  return parsed.data;
}

type BodyParserError = Error & { type?: string; status?: number };

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    if (error instanceof DomainError) return sendProblem(res, error);
    const parserError = error as BodyParserError;
    if (parserError.type === 'entity.parse.failed') {
      return sendProblem(res, new DomainError('malformed_json', `The body is not valid JSON: ${parserError.message}`));
    }
    if (typeof parserError.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
      return sendProblem(res, new DomainError('invalid_request', parserError.message));
    }
    logger.error({ err: error }, 'unhandled error');
    return sendProblem(res, new DomainError('internal', 'The request failed unexpectedly; nothing was changed.'));
  };
}
