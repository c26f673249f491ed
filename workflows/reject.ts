/**
 * How a workflow refuses a command: a rule's `Rejection` thrown as a non-retryable
 * `ApplicationFailure` whose `type` is the rejection's code, so the API maps it like any
 * domain error. Thrown from an update's validator it rejects before anything reaches history;
 * a plain `Error` from a handler would instead fail the workflow task and retry forever.
 */
import { ApplicationFailure } from '@temporalio/workflow';
import { expiredCommand } from '../domain/decision-state';
import type { Rejection } from '../domain/errors';
import type { Expiring } from './messages';

export function reject(rejection: Rejection): never {
  throw ApplicationFailure.create({
    type: rejection.code,
    message: rejection.message,
    details: rejection.details ? [rejection.details] : [],
    nonRetryable: true,
  });
}

export function rejectIf(rejection: Rejection | null): void {
  if (rejection) reject(rejection);
}

/** Refuses a command that reached the workflow after its caller stopped waiting (it answered 503). */
export function rejectExpired(command: Expiring): void {
  rejectIf(expiredCommand(command, new Date()));
}
