/** What the approval, escalation and Inbox routes can refuse with, shared because one resolution path serves them all (FR-29). */
import type { ErrorCode } from '../errors';
import { WORKFLOW_ERRORS } from './route';

/** Filing the decision that carries a new record into the queue (naming an agent, as a filing does). */
export const CARRY = [
  'agent_mismatch',
  'agent_not_found',
  'session_not_found',
  'task_not_found',
  'run_not_found',
  'agent_open_cap',
  ...WORKFLOW_ERRORS,
] as const satisfies readonly ErrorCode[];
/** Settling a record answers its decision's first ask, as the queue would. */
export const SETTLE = [
  'ask_already_answered',
  'decision_archived',
  'decision_not_open',
  'undo_in_progress',
  'already_approved',
  'separation_of_duties',
  ...WORKFLOW_ERRORS,
] as const satisfies readonly ErrorCode[];
/** Choosing one of an escalation's options. */
export const CHOICE = ['answer_kind_mismatch', 'option_out_of_range', 'reason_required'] as const satisfies readonly ErrorCode[];
