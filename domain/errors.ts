/**
 * Public errors. Every failure a caller can see has a stable `code`; the API maps codes to
 * HTTP statuses in one place (api/problem.ts) and workflows carry the code as the
 * `ApplicationFailure` type, so a rejection keeps its code across the Temporal boundary.
 */
export const ErrorCode = [
  'invalid_request',
  'malformed_json',
  'unauthorized',
  'cross_origin',
  'not_found',
  'agent_not_found',
  'agent_name_taken',
  'grant_not_found',
  'mission_not_found',
  'task_not_found',
  'task_blocked',
  'blocker_not_found',
  'session_not_found',
  'dedupe_key_conflict',
  'run_not_found',
  'run_not_ready',
  'invalid_transition',
  'decision_not_found',
  'ask_not_found',
  'ask_already_answered',
  'decision_closed',
  'answer_kind_mismatch',
  'option_out_of_range',
  'single_choice_only',
  'answer_shape_invalid',
  'reason_required',
  'access_not_granted',
  'decision_archived',
  'decision_not_open',
  'nothing_to_run',
  'nothing_to_undo',
  'undo_window_passed',
  'undo_after_acting',
  'undo_in_progress',
  'stack_not_found',
  'stack_closed',
  'already_in_stack',
  'stack_full',
  'not_in_stack',
  'invalid_order',
  'approval_not_found',
  'rate_limited',
  'rate_limit_unavailable',
  'agent_open_cap',
  'escalation_not_found',
  'webhook_not_found',
  'temporal_unavailable',
  'request_expired',
  'internal',
] as const;
export type ErrorCode = (typeof ErrorCode)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ErrorCode as readonly string[]).includes(value);
}

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  static from(rejection: Rejection): DomainError {
    return new DomainError(rejection.code, rejection.message, rejection.details);
  }
}

/** A rule's verdict without throwing: workflow code turns it into an ApplicationFailure. */
export type Rejection = { code: ErrorCode; message: string; details?: Record<string, unknown> };
