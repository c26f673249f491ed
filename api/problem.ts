/**
 * The one place errors become responses: `application/problem+json` (RFC 9457) with the
 * DomainError's stable `code`, and an HTTP status chosen here and nowhere else.
 */
import type { ErrorRequestHandler, Response } from 'express';
import { z } from 'zod';
import { DomainError, ERRORS, isErrorCode, type ErrorCode } from '../domain/errors';
import { refusalWords } from '../domain/refusal-words';
import type { Logger } from '../runtime/logger';
import { countRefusal } from '../runtime/metrics';
import { problemInstance } from './request-id';
import { isDatabaseUnreachable } from '../db/pg-errors';
import type { DatabaseOutage } from './database-outage';

export function statusOf(code: ErrorCode): number {
  return ERRORS[code].status;
}

export function sendProblem(res: Response, error: DomainError): void {
  const status = ERRORS[error.code].status;
  // Every refusal (rate_limited, overloaded) becomes a response here, and only here.
  countRefusal(error.code);
  // A refusal that knows better (admission control) has set its own, or carries it (a busy workflow).
  const retryAfter = error.details?.retryAfterSeconds;
  if (status === 503 && !res.hasHeader('Retry-After'))
    res.setHeader('Retry-After', typeof retryAfter === 'number' ? String(retryAfter) : '5');
  const instance = problemInstance(res.req.id);
  res
    .status(status)
    .type('application/problem+json')
    .json({
      ...error.details,
      type: `/problems/${error.code}`,
      title: ERRORS[error.code].title,
      status,
      detail: error.message,
      code: error.code,
      ...(instance ? { instance } : {}),
    });
}

type Issue = { path: PropertyKey[]; message: string; code?: string; params?: { problem?: unknown }; errors?: Issue[][] };

const pathOf = (path: PropertyKey[]) => path.map(String).join('.');

/**
 * A plain union's failure says only that no form fits; name what each accepted form lacked
 * instead. (A discriminated union already names the discriminator's values.)
 */
function messageOf(issue: Issue): string {
  if (issue.code !== 'invalid_union' || !issue.errors?.length) return issue.message;
  const forms = issue.errors.map((branch, index) => `(${index + 1}) ${branch.map(messageOf).join(' ')}`);
  return `${issue.message.replace(/\.$/, ':')} ${forms.join(' ')}`;
}

/** The problem code an issue names for itself (an empty option label), if it is one of ours. */
const problemOf = (issue: Issue): ErrorCode | null => (isErrorCode(issue.params?.problem) ? issue.params.problem : null);

/**
 * Turns a zod failure into a problem whose detail is one sentence per offending field
 * (worded by `refusalWords`); `issues` keeps each field's path for programs. A rule with a
 * code of its own (`option_label_duplicate`) answers with that code, else `invalid_request`.
 */
export function invalidRequest(error: z.ZodError): DomainError {
  const raw = error.issues as Issue[];
  const issues = raw.map((issue) => ({ path: pathOf(issue.path), message: messageOf(issue) }));
  const message = [...new Set(issues.map((issue) => issue.message))].join(' ');
  const code = raw.map(problemOf).find((found) => found !== null) ?? 'invalid_request';
  return new DomainError(code, message, { issues });
}

/** The API's words for a refused field: the same for every route and every field. */
const words = refusalWords();

export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value, { error: words });
  if (!parsed.success) throw invalidRequest(parsed.error);
  return parsed.data;
}

type BodyParserError = Error & {
  type?: string;
  /** The raw text, on a parse failure. */
  body?: string;
  status?: number;
  code?: string;
  limit?: number;
  length?: number;
  charset?: string;
  encoding?: string;
};

/**
 * The JSON parser reads only an object or a list (its strict mode) and calls anything else
 * unparseable; a body that is JSON, just not an object (`5`, `"yes"`, `null`), is refused in
 * the words a list gets from the route's schema, not as malformed.
 */
function notAnObject(body: string | undefined): DomainError | null {
  let value: unknown;
  try {
    value = JSON.parse(body ?? '');
  } catch {
    return null;
  }
  const parsed = z.object({}).safeParse(value, { error: words });
  return parsed.success ? null : invalidRequest(parsed.error);
}

const kilobytes = (bytes: number) => `${Math.round(bytes / 1024)} kB`;

/** The body parser's refusals, said specifically: its own messages ("request entity too large") are not. */
function unreadableBody(error: BodyParserError): string {
  switch (error.type) {
    case 'entity.too.large':
      return `The body is ${error.length ? `${kilobytes(error.length)}, ` : ''}over the ${kilobytes(error.limit ?? 0)} limit; nothing was read.`;
    case 'charset.unsupported':
      return `The charset "${error.charset ?? ''}" is not supported; send JSON as UTF-8.`;
    case 'encoding.unsupported':
      return `The Content-Encoding "${error.encoding ?? ''}" is not supported; send the body uncompressed, or as gzip, deflate or br.`;
    case 'request.size.invalid':
      return 'The body is not as long as its Content-Length says.';
    case 'request.aborted':
      return 'The request was aborted before its body arrived.';
    default:
      // zlib's codes: a body whose Content-Encoding says compressed but whose bytes are not.
      return error.code?.startsWith('Z_') ? `The body could not be decompressed: ${error.message}.` : error.message;
  }
}

export function errorHandler(logger: Logger, outage: DatabaseOutage): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (error instanceof DomainError) return sendProblem(res, error);
    // The database away is not a bug of the request's: a retryable 503, logged once per outage.
    if (isDatabaseUnreachable(error)) return sendProblem(res, outage.failed(error));
    const parserError = error as BodyParserError;
    if (parserError.type === 'entity.parse.failed') {
      const notObject = notAnObject(parserError.body);
      if (notObject) return sendProblem(res, notObject);
      return sendProblem(res, new DomainError('malformed_json', `The body is not valid JSON: ${parserError.message}`));
    }
    if (typeof parserError.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
      return sendProblem(res, new DomainError('invalid_request', unreadableBody(parserError)));
    }
    // The request's own logger, so the line carries its id.
    (req.log ?? logger).error({ err: error }, 'unhandled error');
    return sendProblem(res, new DomainError('internal', 'The request failed unexpectedly; nothing was changed.'));
  };
}
