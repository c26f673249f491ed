/**
 * Public errors. Every failure a caller can see has a stable `code`; the API maps codes to
 * HTTP statuses in one place (api/problem.ts) and workflows carry the code as the
 * `ApplicationFailure` type, so a rejection keeps its code across the Temporal boundary.
 */
/**
 * Every code with its HTTP status and title: the one table the API answers from (api/problem.ts)
 * and the OpenAPI document lists; the code type is derived from it.
 */
export const ERRORS = {
  invalid_request: { status: 400, title: 'The request is not valid.' },
  option_label_empty: { status: 422, title: 'An option has an empty label.' },
  option_label_duplicate: { status: 422, title: 'Two options of one ask have the same label.' },
  malformed_json: { status: 400, title: 'The request body is not valid JSON.' },
  channel_not_allowed: { status: 400, title: 'This request cannot claim that channel.' },
  invalid_time_range: { status: 400, title: 'The time range is not valid.' },
  /** Issue 38 item 13: bytes that are not UTF-8 are refused, never stored as U+FFFD. */
  invalid_utf8: { status: 400, title: 'The request body is not valid UTF-8.' },
  unauthorized: { status: 401, title: 'A valid bearer token is required.' },
  cross_origin: { status: 403, title: 'Cross-origin request refused.' },
  forbidden_for_agent: { status: 403, title: 'A person must do this; agent tokens cannot.' },
  /** Issue 38 item 1: the caller's role lacks the permission the route (or what it asks) needs. */
  forbidden_for_role: { status: 403, title: 'Your role does not allow this.' },
  agent_mismatch: { status: 403, title: 'An agent token acts only for its own agent.' },
  token_not_found: { status: 404, title: 'Token not found.' },
  member_not_found: { status: 404, title: 'Member not found.' },
  team_not_found: { status: 404, title: 'Team not found.' },
  team_name_taken: { status: 409, title: 'A team with that name already exists.' },
  /** Issue 41 item 1: `--to @name` names no member, or more than one. */
  assignee_not_found: { status: 422, title: 'No member or team goes by that name.' },
  assignee_ambiguous: { status: 422, title: 'More than one member goes by that name.' },
  /** Issue 41 item 2: the workspace lets only the assignee, their team and admins answer. */
  not_assignee: { status: 403, title: 'This decision is addressed to someone else.' },
  already_claimed: { status: 409, title: 'Someone else is on this decision.' },
  not_claimant: { status: 403, title: 'Only the member on it, or an admin, releases it.' },
  /** Issue 41 item 5: delegation. */
  delegation_not_found: { status: 404, title: 'Delegation not found.' },
  delegation_window: { status: 422, title: 'A delegation needs an end after its start, in the future, within a year.' },
  delegation_to_self: { status: 422, title: 'A member cannot delegate to themselves.' },
  delegation_loop: { status: 409, title: 'That delegation would hand decisions back in a loop.' },
  not_delegator: { status: 403, title: 'Only the member away, their delegate, or an admin changes this delegation.' },
  /** Issue 42: rules. */
  rule_not_found: { status: 404, title: 'Rule not found.' },
  rule_invalid: { status: 422, title: 'Cedar refused this rule.' },
  rule_not_author: { status: 403, title: 'Only its author or an admin changes this rule.' },
  /** A workspace always keeps an owner: the last one can be neither removed nor demoted. */
  last_owner: { status: 409, title: 'The workspace needs an owner.' },
  member_removed: { status: 409, title: 'This member was removed.' },
  not_found: { status: 404, title: 'Not found.' },
  method_not_allowed: { status: 405, title: 'This path does not take that method.' },
  agent_not_found: { status: 404, title: 'Agent not found.' },
  agent_name_taken: { status: 409, title: 'An agent with that name already exists.' },
  grant_not_found: { status: 404, title: 'Tool grant not found.' },
  mission_not_found: { status: 404, title: 'Mission not found.' },
  task_not_found: { status: 404, title: 'Task not found.' },
  task_blocked: { status: 409, title: 'This task is blocked.' },
  blocker_not_found: { status: 404, title: 'Blocker not found.' },
  session_not_found: { status: 404, title: 'Session not found.' },
  dedupe_key_conflict: { status: 409, title: 'That dedupe key belongs to another session.' },
  run_not_found: { status: 404, title: 'Run not found.' },
  run_not_ready: { status: 409, title: 'Only a ready run can be claimed.' },
  invalid_transition: { status: 409, title: 'That status change is not allowed.' },
  decision_not_found: { status: 404, title: 'Decision not found.' },
  ask_not_found: { status: 404, title: 'Ask not found.' },
  ask_already_answered: { status: 409, title: 'This ask was already answered.' },
  decision_closed: { status: 409, title: 'This decision takes no more answers.' },
  answer_kind_mismatch: { status: 422, title: 'The answer does not fit the ask.' },
  option_out_of_range: { status: 422, title: 'The answer does not fit the ask.' },
  single_choice_only: { status: 422, title: 'The answer does not fit the ask.' },
  answer_shape_invalid: { status: 422, title: 'The answer does not fit the ask.' },
  reason_required: { status: 422, title: 'This answer needs a reason.' },
  access_not_granted: { status: 409, title: 'That access still is not granted.' },
  decision_archived: { status: 409, title: 'This decision was archived.' },
  decision_not_open: { status: 409, title: 'This decision is no longer open.' },
  /** Issue 31 item 5: a host prompt withdrawn because its host stopped waiting; an answer would reach no one. */
  nobody_waiting: { status: 409, title: 'Nobody is waiting for this answer any more.' },
  /** Issue 31 item 9: "always allow" on a card whose host keeps no rule for it. */
  always_not_offered: { status: 422, title: 'This card offers no "always allow".' },
  edit_not_offered: { status: 422, title: 'This card takes no edited input.' },
  /** Never answered: the API files or creates again under a new number (a database restored to an earlier point). */
  workflow_id_taken: { status: 409, title: 'Another decision or stack already runs under this id.' },
  nothing_to_run: { status: 409, title: 'There is nothing to run again.' },
  nothing_to_undo: { status: 409, title: 'There is no answer to undo.' },
  undo_window_passed: { status: 409, title: 'The undo window has passed.' },
  undo_after_acting: { status: 409, title: 'The agent already acted on this answer.' },
  undo_in_progress: { status: 409, title: 'An undo of this decision is already under way.' },
  /** Issue 41 item 3: an approval ask that needs several people counts each person once. */
  already_approved: { status: 409, title: 'You already approved this.' },
  /** Issue 41 item 4: the workspace separates duties for this action: the asker's approval does not count. */
  separation_of_duties: { status: 403, title: 'You cannot approve a request your own agent made.' },
  stack_not_found: { status: 404, title: 'Stack not found.' },
  stack_closed: { status: 409, title: 'This stack is closed.' },
  already_in_stack: { status: 409, title: 'That decision is already in a stack.' },
  stack_full: { status: 422, title: 'The stack is full.' },
  not_in_stack: { status: 409, title: 'That decision is not in this stack.' },
  invalid_order: { status: 422, title: 'The order must list every member exactly once.' },
  approval_not_found: { status: 404, title: 'Approval not found.' },
  /**
   * Issue 40 item 5: answer-in-place links. A link that is not Cast's (a bad signature, a
   * malformed token) reads as not found, never saying whether its decision exists.
   */
  link_not_found: { status: 404, title: 'This link is not valid.' },
  link_expired: { status: 410, title: 'This link has expired.' },
  link_used: { status: 410, title: 'This link was already used.' },
  link_decision_changed: { status: 409, title: 'This decision changed since this link was sent.' },
  link_answered_elsewhere: { status: 409, title: 'Someone already answered this.' },
  link_member_not_allowed: { status: 403, title: 'The person this link was sent to may not answer here now.' },
  /** Issue 40 item 3: an email's one-click unsubscribe link that is not Cast's, or whose member is gone. */
  unsubscribe_link_invalid: { status: 404, title: 'This unsubscribe link is not valid.' },
  /**
   * Issue 40 item 4: Slack. A request to `/slack/interactivity` whose signature is not Slack's, or
   * whose timestamp is more than five minutes off (a replay), is refused before its body is read.
   */
  slack_not_configured: { status: 409, title: 'This Cast has no Slack app.' },
  slack_signature_invalid: { status: 401, title: 'This request is not signed by Slack.' },
  slack_request_stale: { status: 401, title: 'This Slack request is too old.' },
  slack_user_not_found: { status: 422, title: 'Slack has no such user.' },
  slack_unavailable: { status: 503, title: 'Cast cannot reach Slack right now.' },
  rate_limited: { status: 429, title: 'Too many requests.' },
  rate_limit_unavailable: { status: 503, title: 'Cast cannot check its rate limits right now.' },
  agent_open_cap: { status: 409, title: 'This agent has too many open decisions.' },
  escalation_not_found: { status: 404, title: 'Escalation not found.' },
  webhook_not_found: { status: 404, title: 'Webhook not found.' },
  webhook_delivery_not_found: { status: 404, title: 'Webhook delivery not found.' },
  webhook_delivery_in_flight: { status: 409, title: 'This delivery is still being tried.' },
  webhook_url_refused: { status: 422, title: 'Cast does not deliver to that address.' },
  /** Issue 40 item 10: email switched on, or tested, without an address to send to. */
  notification_address_missing: { status: 422, title: 'Email needs an address.' },
  /** Issue 40 item 10: a test message on a channel this server has no settings for (SMTP, Slack token, VAPID keys). */
  notification_channel_not_configured: { status: 409, title: 'This server does not send on that channel.' },
  /** Issue 40 item 2: a member's Web Push subscription (one browser). */
  push_subscription_not_found: { status: 404, title: 'Push subscription not found.' },
  push_endpoint_refused: { status: 422, title: 'Cast does not push to that address.' },
  temporal_unavailable: { status: 503, title: 'Cast cannot reach its workflow service right now.' },
  /** Issue 38 item 11: gRPC RESOURCE_EXHAUSTED ("Workflow is busy"), refused before it ran; retried by the clients. */
  temporal_busy: { status: 503, title: 'This workflow is busy right now.' },
  database_unavailable: { status: 503, title: 'Cast cannot reach its database right now.' },
  request_expired: { status: 503, title: 'The request expired before it was processed.' },
  /** Admission control (api/write-admission.ts): refused before anything ran, so a retry is always safe. */
  overloaded: { status: 503, title: 'Cast is busy with other writes right now.' },
  /** Issue 40 item 7: the backup's reminder comes after the people's, not before or with it. */
  reminder_order: { status: 422, title: "The backup's reminder must come after the first reminder." },
  /** Issue 40 item 7: the backup member answers decisions, so a viewer cannot be one. */
  backup_cannot_answer: { status: 422, title: 'The backup member must be able to answer decisions.' },
  /**
   * Issue 41 item 6: OpenID Connect sign-in. The browser flow shows these on the sign-in page
   * (`/sign-in?refused=<code>`); the admin's routes answer them as problems.
   */
  oidc_not_configured: { status: 404, title: 'This Cast has no identity provider.' },
  oidc_unavailable: { status: 503, title: 'Cast cannot reach the identity provider right now.' },
  oidc_refused: { status: 401, title: 'The identity provider’s answer did not pass Cast’s checks.' },
  oidc_expired: { status: 400, title: 'That sign-in took too long or was already used.' },
  oidc_not_invited: { status: 403, title: 'Nobody here invited that identity.' },
  oidc_email_unverified: { status: 403, title: 'The identity provider has not verified that email.' },
  oidc_group_missing: { status: 403, title: 'That identity is not in the group Cast requires.' },
  sign_in_email_taken: { status: 409, title: 'Another member is invited by that email.' },
  /**
   * Issue 43 item 4: an access token from the identity provider at `/mcp` (api/mcp-auth/). A
   * token that fails a check is a 401 (`error="invalid_token"`), as OAuth 2.1 section 5.3 asks; a good
   * token Cast will not act on is a 403.
   */
  oauth_token_invalid: { status: 401, title: 'This access token did not pass Cast’s checks.' },
  oauth_token_expired: { status: 401, title: 'This access token has expired.' },
  oauth_wrong_audience: { status: 401, title: 'This access token is for another resource.' },
  insufficient_scope: { status: 403, title: 'This access token lacks the scope Cast requires.' },
  oauth_subject_unknown: { status: 403, title: 'No member of this Cast is linked to that identity.' },
  oauth_member_removed: { status: 403, title: 'The member that identity is linked to was removed.' },
  oauth_agent_revoked: { status: 403, title: 'This client’s access to Cast was revoked.' },
  internal: { status: 500, title: 'Something went wrong on our side.' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ErrorCode = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];

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

/**
 * Each resource's "not found", written once. The id is never echoed, so another workspace's
 * id, a deleted one and a missing one read exactly alike.
 */
const MISSING = {
  session: { code: 'session_not_found', message: 'There is no session with that id here.' },
  task: { code: 'task_not_found', message: 'There is no task with that id in this workspace.' },
  stack: { code: 'stack_not_found', message: 'There is no stack with that id in this workspace.' },
  run: { code: 'run_not_found', message: 'There is no run with that id here.' },
  approval: { code: 'approval_not_found', message: 'There is no approval with that id in this workspace.' },
  mission: { code: 'mission_not_found', message: 'There is no mission with that id in this workspace.' },
  escalation: { code: 'escalation_not_found', message: 'There is no escalation with that id in this workspace.' },
  agent: { code: 'agent_not_found', message: 'There is no agent with that id in this workspace.' },
  webhook: { code: 'webhook_not_found', message: 'There is no webhook with that id in this workspace.' },
  webhookDelivery: { code: 'webhook_delivery_not_found', message: 'This webhook has no delivery with that id.' },
  decision: { code: 'decision_not_found', message: 'There is no decision with that id in this workspace.' },
  token: { code: 'token_not_found', message: 'There is no token with that id in this workspace.' },
  member: { code: 'member_not_found', message: 'There is no member with that id in this workspace.' },
  team: { code: 'team_not_found', message: 'There is no team with that id in this workspace.' },
  rule: { code: 'rule_not_found', message: 'There is no rule with that id in this workspace.' },
  delegation: { code: 'delegation_not_found', message: 'There is no delegation with that id in this workspace.' },
  push_subscription: { code: 'push_subscription_not_found', message: 'You have no push subscription with that id.' },
} as const satisfies Record<string, Rejection>;

export type Resource = keyof typeof MISSING;

/** The rejection, for rules that return one (the workflow's validators). */
export function notFoundRejection(resource: Resource): Rejection {
  return MISSING[resource];
}

export function notFound(resource: Resource): DomainError {
  return DomainError.from(MISSING[resource]);
}
