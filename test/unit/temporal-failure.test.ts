/**
 * Issue 38 item 11: Temporal's failures as the API's refusals (api/temporal-failure.ts), on the
 * error shapes the client SDK throws: a gRPC status on the error the call failed with, wrapped in
 * `ServiceError`. "Workflow is busy" (RESOURCE_EXHAUSTED) was a 500; it is a retryable 503 that
 * says nothing took effect, and a deadline says it cannot tell.
 */
import { ServiceError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { BUSY_RETRY_AFTER_SECONDS, translateTemporalFailure } from '../../api/temporal-failure';
import { DomainError, ERRORS } from '../../domain/errors';

/** What the core's gRPC call fails with: the status code and the server's words. */
const grpc = (code: number, details: string) => Object.assign(new Error(`${code} ${details}`), { code, details });

describe('Temporal failures as refusals', () => {
  it.each([
    ['Workflow is busy.', 'the workflow lock is held'],
    ['limit on number of concurrent in-flight updates has been reached (10)', 'ten updates already in flight'],
  ])('RESOURCE_EXHAUSTED "%s" (%s) is 503 temporal_busy with a short Retry-After, and nothing took effect', (details) => {
    const error = translateTemporalFailure(new ServiceError('Failed to update workflow', { cause: grpc(8, details) }), { sent: true });
    expect(error).toBeInstanceOf(DomainError);
    const refusal = error as DomainError;
    expect(refusal.code).toBe('temporal_busy');
    expect(ERRORS[refusal.code].status).toBe(503);
    expect(refusal.details).toEqual({ retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS, mayHaveTakenEffect: false });
    expect(refusal.message).toMatch(/nothing was changed/);
  });

  it('a deadline after the request was sent is 503 temporal_unavailable that may have taken effect, and says to retry with the same key', () => {
    const error = translateTemporalFailure(new ServiceError('Failed to start update', { cause: grpc(4, 'Deadline Exceeded') }), {
      sent: true,
    }) as DomainError;
    expect(error.code).toBe('temporal_unavailable');
    expect(error.details).toEqual({ mayHaveTakenEffect: true });
    expect(error.message).toMatch(/cannot tell whether this took effect.*same Idempotency-Key/);
  });

  it('a connection that never opened is 503 temporal_unavailable that changed nothing', () => {
    const error = translateTemporalFailure(grpc(14, 'Connection refused'), { sent: false }) as DomainError;
    expect(error.code).toBe('temporal_unavailable');
    expect(error.details).toEqual({ mayHaveTakenEffect: false });
    expect(error.message).toMatch(/nothing was changed/);
  });

  it("a workflow's own refusal keeps its code; an unknown failure is left for the 500 it is", () => {
    const refused = new WorkflowUpdateFailedError(
      'Workflow Update failed',
      ApplicationFailure.create({ type: 'ask_already_answered', message: 'Already answered.', nonRetryable: true }),
    );
    expect((translateTemporalFailure(refused, { sent: true }) as DomainError).code).toBe('ask_already_answered');
    const odd = new Error('something else');
    expect(translateTemporalFailure(odd, { sent: true })).toBe(odd);
  });
});
