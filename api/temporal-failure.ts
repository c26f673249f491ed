/**
 * Temporal's failures as the API's refusals (used by api/temporal-gateway.ts, the one way into
 * Temporal). A workflow's own refusal keeps its code; a server or worker that does not answer in
 * time is 503 `temporal_unavailable`; a workflow too busy to take the request now — gRPC
 * RESOURCE_EXHAUSTED, "Workflow is busy" or its in-flight update limit — is 503 `temporal_busy`
 * with a short `Retry-After` (issue 38 item 11; it was a 500). Each says, in `mayHaveTakenEffect`
 * and in words, whether the request may have landed, so a caller knows to retry it with the same
 * `Idempotency-Key` rather than as a new request.
 */
import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
} from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { TransportError } from '@temporalio/worker';
import { DomainError, isErrorCode } from '../domain/errors';

/** gRPC status codes the SDK carries on its errors (or on their causes). */
const DEADLINE_EXCEEDED = 4;
const RESOURCE_EXHAUSTED = 8;
const UNAVAILABLE = 14;

/** A busy workflow frees up within moments: an update in flight takes milliseconds. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

export function isClosed(error: unknown): boolean {
  return error instanceof WorkflowNotFoundError || (error instanceof Error && /already completed/i.test(error.message));
}

/**
 * `sent`: whether the request may have reached the server (false when the connection itself
 * failed). What it cannot tell it says: an update or filing whose answer never came may still
 * be accepted until its deadline passes.
 */
export function translateTemporalFailure(error: unknown, { sent }: { sent: boolean }): unknown {
  if (error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure) {
    const failure = error.cause;
    if (isErrorCode(failure.type)) {
      const details = failure.details?.[0];
      return new DomainError(failure.type, failure.message, details as Record<string, unknown> | undefined);
    }
  }
  if (isClosed(error) || error instanceof WorkflowExecutionAlreadyStartedError) return error;
  const code = grpcCodeOf(error);
  if (code === RESOURCE_EXHAUSTED) {
    // Refused before the workflow took it; a retry of the same request (same key) is still safe if it did.
    return new DomainError(
      'temporal_busy',
      `This decision's workflow is busy with other requests; nothing was changed. Retry in ${BUSY_RETRY_AFTER_SECONDS} s with the same Idempotency-Key.`,
      { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS, mayHaveTakenEffect: false },
    );
  }
  if (
    error instanceof WorkflowUpdateRPCTimeoutOrCancelledError ||
    error instanceof TransportError ||
    code === DEADLINE_EXCEEDED ||
    code === UNAVAILABLE
  ) {
    const mayHaveTakenEffect = sent && !(error instanceof TransportError);
    return new DomainError(
      'temporal_unavailable',
      mayHaveTakenEffect
        ? 'The workflow service or its worker did not respond in time, so Cast cannot tell whether this took effect. Retry with the same Idempotency-Key: it is never applied twice.'
        : 'The workflow service could not be reached; nothing was changed. Retry the request.',
      { mayHaveTakenEffect },
    );
  }
  return error;
}

/** The gRPC status on the error or on a cause the SDK wrapped it in (`ServiceError` over the call's error). */
export function grpcCodeOf(error: unknown): number | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'number') return code;
  }
  return null;
}
