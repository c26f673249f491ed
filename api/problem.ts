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
  cross_origin: 403,
  not_found: 404,
  agent_not_found: 404,
  agent_name_taken: 409,
  grant_not_found: 404,
  mission_not_found: 404,
  task_not_found: 404,
  task_blocked: 409,
  blocker_not_found: 404,
  session_not_found: 404,
  dedupe_key_conflict: 409,
  run_not_found: 404,
  run_not_ready: 409,
  invalid_transition: 409,
  decision_not_found: 404,
  ask_not_found: 404,
  ask_already_answered: 409,
  decision_closed: 409,
  answer_kind_mismatch: 422,
  option_out_of_range: 422,
  single_choice_only: 422,
  answer_shape_invalid: 422,
  reason_required: 422,
  access_not_granted: 409,
  decision_archived: 409,
  decision_not_open: 409,
  nothing_to_run: 409,
  nothing_to_undo: 409,
  undo_window_passed: 409,
  undo_after_acting: 409,
  undo_in_progress: 409,
  stack_not_found: 404,
  stack_closed: 409,
  already_in_stack: 409,
  stack_full: 422,
  not_in_stack: 409,
  invalid_order: 422,
  approval_not_found: 404,
  rate_limited: 429,
  rate_limit_unavailable: 503,
  agent_open_cap: 409,
  escalation_not_found: 404,
  webhook_not_found: 404,
  temporal_unavailable: 503,
  request_expired: 503,
  internal: 500,
};

const TITLE: Record<ErrorCode, string> = {
  invalid_request: 'The request is not valid.',
  malformed_json: 'The request body is not valid JSON.',
  unauthorized: 'A valid bearer token is required.',
  cross_origin: 'Cross-origin request refused.',
  not_found: 'Not found.',
  agent_not_found: 'Agent not found.',
  agent_name_taken: 'An agent with that name already exists.',
  grant_not_found: 'Tool grant not found.',
  mission_not_found: 'Mission not found.',
  task_not_found: 'Task not found.',
  task_blocked: 'This task is blocked.',
  blocker_not_found: 'Blocker not found.',
  session_not_found: 'Session not found.',
  dedupe_key_conflict: 'That dedupe key belongs to another session.',
  run_not_found: 'Run not found.',
  run_not_ready: 'Only a ready run can be claimed.',
  invalid_transition: 'That status change is not allowed.',
  decision_not_found: 'Decision not found.',
  ask_not_found: 'Ask not found.',
  ask_already_answered: 'This ask was already answered.',
  decision_closed: 'This decision takes no more answers.',
  answer_kind_mismatch: 'The answer does not fit the ask.',
  option_out_of_range: 'The answer does not fit the ask.',
  single_choice_only: 'The answer does not fit the ask.',
  answer_shape_invalid: 'The answer does not fit the ask.',
  reason_required: 'This answer needs a reason.',
  access_not_granted: 'That access still is not granted.',
  decision_archived: 'This decision was archived.',
  decision_not_open: 'This decision is no longer open.',
  nothing_to_run: 'There is nothing to run again.',
  nothing_to_undo: 'There is no answer to undo.',
  undo_window_passed: 'The undo window has passed.',
  undo_after_acting: 'The agent already acted on this answer.',
  undo_in_progress: 'An undo of this decision is already under way.',
  stack_not_found: 'Stack not found.',
  stack_closed: 'This stack is closed.',
  already_in_stack: 'That decision is already in a stack.',
  stack_full: 'The stack is full.',
  not_in_stack: 'That decision is not in this stack.',
  invalid_order: 'The order must list every member exactly once.',
  approval_not_found: 'Approval not found.',
  rate_limited: 'Too many requests.',
  rate_limit_unavailable: 'Cast cannot check its rate limits right now.',
  agent_open_cap: 'This agent has too many open decisions.',
  escalation_not_found: 'Escalation not found.',
  webhook_not_found: 'Webhook not found.',
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

type Issue = { path: PropertyKey[]; message: string; code?: string; errors?: Issue[][] };

const pathOf = (path: PropertyKey[]) => path.map(String).join('.');

/**
 * A plain union's failure says only "Invalid input"; name what each accepted form lacked
 * instead. (A discriminated union already names the discriminator's values.)
 */
function messageOf(issue: Issue): string {
  if (issue.code !== 'invalid_union' || !issue.errors?.length) return issue.message;
  const forms = issue.errors.map(
    (branch, index) => `form ${index + 1}: ${branch.map((inner) => (inner.path.length ? `${pathOf(inner.path)}: ${messageOf(inner)}` : messageOf(inner))).join(', ')}`,
  );
  return `It fits none of the ${forms.length} accepted forms (${forms.join('; ')})`;
}

/** Turns a zod failure into a 400 that names every offending field. */
export function invalidRequest(error: z.ZodError): DomainError {
  const issues = (error.issues as Issue[]).map((issue) => ({ path: pathOf(issue.path), message: messageOf(issue) }));
  const message = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
  return new DomainError('invalid_request', message, { issues });
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidRequest(parsed.error);
  return parsed.data;
}

type BodyParserError = Error & { type?: string; status?: number; code?: string; limit?: number; length?: number; charset?: string; encoding?: string };

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

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    if (error instanceof DomainError) return sendProblem(res, error);
    const parserError = error as BodyParserError;
    if (parserError.type === 'entity.parse.failed') {
      return sendProblem(res, new DomainError('malformed_json', `The body is not valid JSON: ${parserError.message}`));
    }
    if (typeof parserError.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
      return sendProblem(res, new DomainError('invalid_request', unreadableBody(parserError)));
    }
    logger.error({ err: error }, 'unhandled error');
    return sendProblem(res, new DomainError('internal', 'The request failed unexpectedly; nothing was changed.'));
  };
}
