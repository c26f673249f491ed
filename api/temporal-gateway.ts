/**
 * The API's only door into Temporal: starts decision workflows and sends them updates,
 * each under a deadline, and turns Temporal's failures into DomainErrors with stable codes.
 */
import {
  Client,
  Connection,
  WithStartWorkflowOperation,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
} from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { DecisionSnapshot, DecisionStart } from '../domain/decision';
import type { AnswerCommand } from '../domain/decision-state';
import { DomainError, isErrorCode } from '../domain/errors';
import type { decisionWorkflow } from '../workflows/decision-workflow';
import { DECISION_WORKFLOW, answerAskUpdate, decisionWorkflowId, fileDecisionUpdate } from '../workflows/messages';

/** Long enough for a busy worker, short enough that a missing one fails the request fast. */
const UPDATE_DEADLINE_MS = 5000;
const HEALTH_DEADLINE_MS = 2000;

export type TemporalTarget = { address: string; namespace: string; taskQueue: string };

export class TemporalGateway {
  private constructor(
    private readonly connection: Connection,
    private readonly client: Client,
    readonly taskQueue: string,
  ) {}

  /** Connects lazily: the API starts (and reports unhealthy) while Temporal is away. */
  static create(target: TemporalTarget): TemporalGateway {
    const connection = Connection.lazy({ address: target.address });
    const client = new Client({ connection, namespace: target.namespace });
    return new TemporalGateway(connection, client, target.taskQueue);
  }

  async fileDecision(start: DecisionStart): Promise<DecisionSnapshot> {
    const deadline = Date.now() + UPDATE_DEADLINE_MS;
    const startWorkflowOperation = new WithStartWorkflowOperation<typeof decisionWorkflow>(DECISION_WORKFLOW, {
      workflowId: decisionWorkflowId(start.id),
      taskQueue: this.taskQueue,
      args: [{ ...start, expiresAt: new Date(deadline).toISOString() }],
      workflowIdConflictPolicy: 'FAIL',
    });
    return this.call(deadline, () =>
      this.client.workflow.executeUpdateWithStart(fileDecisionUpdate, { startWorkflowOperation }),
    );
  }

  /** Throws DomainError; `null` when the workflow has already completed (read the row instead). */
  async answerAsk(id: string, command: AnswerCommand, updateId?: string): Promise<DecisionSnapshot | null> {
    const handle = this.client.workflow.getHandle(decisionWorkflowId(id));
    const deadline = Date.now() + UPDATE_DEADLINE_MS;
    const expiring = { ...command, expiresAt: new Date(deadline).toISOString() };
    try {
      return await this.call(deadline, () =>
        handle.executeUpdate(answerAskUpdate, { args: [expiring], ...(updateId ? { updateId } : {}) }),
      );
    } catch (error) {
      if (error instanceof WorkflowNotFoundError || isCompletedError(error)) return null;
      throw error;
    }
  }

  async isHealthy(): Promise<boolean> {
    try {
      await this.connection.withDeadline(Date.now() + HEALTH_DEADLINE_MS, () =>
        this.connection.workflowService.getSystemInfo({}),
      );
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.connection.close();
  }

  private async call<T>(deadline: number, fn: () => Promise<T>): Promise<T> {
    try {
      return await this.connection.withDeadline(deadline, fn);
    } catch (error) {
      throw translate(error);
    }
  }
}

function isCompletedError(error: unknown): boolean {
  return error instanceof Error && /already completed/i.test(error.message);
}

function translate(error: unknown): unknown {
  if (error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure) {
    const failure = error.cause;
    if (isErrorCode(failure.type)) {
      const details = failure.details?.[0];
      return new DomainError(failure.type, failure.message, details as Record<string, unknown> | undefined);
    }
  }
  if (error instanceof WorkflowNotFoundError || isCompletedError(error)) return error;
  if (error instanceof WorkflowUpdateRPCTimeoutOrCancelledError || isUnavailable(error)) {
    return new DomainError(
      'temporal_unavailable',
      'The workflow service or its worker did not respond in time. Retry the request; an answer is never recorded twice.',
    );
  }
  return error;
}

/** gRPC DEADLINE_EXCEEDED (4) or UNAVAILABLE (14), on the error or the cause the SDK wrapped. */
function isUnavailable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (code === 4 || code === 14) return true;
  }
  return false;
}
