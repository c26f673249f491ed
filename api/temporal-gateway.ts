/**
 * The API's only way into Temporal: starts decision workflows and sends them updates,
 * each under a deadline, and turns Temporal's failures into DomainErrors with stable codes.
 */
import { Client, WithStartWorkflowOperation, WorkflowExecutionAlreadyStartedError, type WorkflowHandle } from '@temporalio/client';
import type { UpdateDefinition } from '@temporalio/common';
import type { Tracer } from '@opentelemetry/api';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry';
import { NativeConnection } from '@temporalio/worker';
import { randomUUID } from 'node:crypto';
import type { DecisionContent, DecisionEdit, DecisionSnapshot, DecisionStart } from '../domain/decision';
import type { Deployment } from '../domain/deployment';
import { explainTemporalFailure, type TemporalTarget } from '../runtime/temporal-connection';
import type { AnswerCommand } from '../domain/decision-state';
import type { Channel } from '../domain/provenance';
import { DomainError } from '../domain/errors';
import { isClosed, translateTemporalFailure } from './temporal-failure';
import type { StackPolicy, StackSnapshot, StackStart } from '../domain/stack';
import type { decisionWorkflow } from '../workflows/decision-workflow';
import type { stackWorkflow } from '../workflows/stack-workflow';
import type { webhookDeliveryWorkflow } from '../workflows/webhook-delivery-workflow';
import { WEBHOOK_DELIVERY_WORKFLOW, webhookDeliveryWorkflowId, type WebhookDeliveryInput } from '../domain/webhook-delivery';
import {
  STACK_WORKFLOW,
  addMembersUpdate,
  createStackUpdate,
  removeMemberUpdate,
  reorderStackUpdate,
  stackPolicyUpdate,
  stackWorkflowId,
} from '../workflows/stack-messages';
import {
  DECISION_WORKFLOW,
  DECISION_WORKFLOW_VERSION,
  answerAskUpdate,
  archiveDecisionUpdate,
  decisionWorkflowId,
  editDecisionUpdate,
  fileDecisionUpdate,
  restoreDecisionUpdate,
  runNowUpdate,
  settleDecisionUpdate,
  undoAnswerUpdate,
  autoArchiveSignal,
  withdrawDecisionUpdate,
  type Expiring,
} from '../workflows/messages';

/** Long enough for a busy worker, short enough that a missing one fails the request fast. */
const UPDATE_DEADLINE_MS = 5000;
const HEALTH_DEADLINE_MS = 2000;

type Connected = { connection: NativeConnection; client: Client };

/** With tracing on, each start, update and signal is a span whose context travels to the workflow in its headers. */
const tracingInterceptors = (tracer: Tracer | undefined) =>
  tracer ? { workflow: [new OpenTelemetryWorkflowClientInterceptor({ tracer })] } : {};

export class TemporalGateway {
  // The connection once made, or being made; a failed attempt is forgotten, so the next call tries again.
  private connecting: Promise<Connected> | null = null;

  /** The version new decisions are stamped with: this build's, unless a test plays a newer API. */
  private readonly workflowVersion: number;

  /** This deployment, read once from the database (the API starts while the database is away). */
  private deploymentRead: Promise<Deployment> | null = null;

  private constructor(
    private readonly target: TemporalTarget,
    private readonly readDeployment: () => Promise<Deployment>,
    workflowVersion?: number,
    private readonly tracer?: Tracer,
  ) {
    this.workflowVersion = workflowVersion ?? DECISION_WORKFLOW_VERSION;
  }

  private deployment(): Promise<Deployment> {
    this.deploymentRead ??= this.readDeployment().catch((error: unknown) => {
      this.deploymentRead = null;
      throw error;
    });
    return this.deploymentRead;
  }

  get taskQueue(): string {
    return this.target.taskQueue;
  }

  /**
   * Connects lazily: the API starts (and reports unhealthy) while Temporal is away. The
   * connection is the Rust core's, as the worker's is: per request it costs a fraction of
   * the pure-JavaScript gRPC client's CPU, which on a busy machine is the answer path's largest
   * share outside the workflow. Once made, it reconnects by itself after a server restart.
   */
  static create(
    target: TemporalTarget,
    readDeployment: () => Promise<Deployment>,
    options: { workflowVersion?: number; tracer?: Tracer } = {},
  ): TemporalGateway {
    return new TemporalGateway(target, readDeployment, options.workflowVersion, options.tracer);
  }

  private connect(deadline: number): Promise<Connected> {
    this.connecting ??= NativeConnection.connect(this.target.connection).then(
      (connection) => ({
        connection,
        client: new Client({ connection, namespace: this.target.namespace, interceptors: tracingInterceptors(this.tracer) }),
      }),
      (error: unknown) => {
        this.connecting = null;
        throw error;
      },
    );
    return beforeDeadline(this.connecting, deadline);
  }

  /**
   * Starts the decision's workflow, or — when it is already running (the same question from
   * the same session, or a retry under the same Idempotency-Key) — sends it the filing as a
   * rewrite. A closed workflow is never started again under its id: that surfaces as `decision_not_open`.
   */
  async fileDecision(start: DecisionStart, content: DecisionContent, retryOf?: string): Promise<DecisionSnapshot> {
    const deadline = Date.now() + UPDATE_DEADLINE_MS;
    const expiresAt = new Date(deadline).toISOString();
    // The workflow accepts this filing only if it started it, or it is the same question's open
    // decision. A retry (`retryOf`, the same for every try of one filing) is the filing that started it.
    const filing = retryOf ?? randomUUID();
    const deployment = await this.deployment();
    const target = { filing, workspaceId: start.workspaceId, sessionId: start.links.sessionId };
    const startWorkflowOperation = new WithStartWorkflowOperation<typeof decisionWorkflow>(DECISION_WORKFLOW, {
      workflowId: decisionWorkflowId(start.id, deployment),
      taskQueue: this.taskQueue,
      args: [{ ...start, expiresAt, workflowVersion: this.workflowVersion, filing }],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
    });
    try {
      return await this.call(deadline, (client) =>
        client.workflow.executeUpdateWithStart(fileDecisionUpdate, {
          args: [{ ...content, expiresAt, by: start.filedBy, ...(start.filedVia ? { via: start.filedVia } : {}), target }],
          startWorkflowOperation,
        }),
      );
    } catch (error) {
      if (error instanceof WorkflowExecutionAlreadyStartedError || isClosed(error)) {
        throw new DomainError('decision_not_open', `Decision ${start.id} is closed.`);
      }
      throw error;
    }
  }

  /** Each returns the new snapshot, or `null` when the workflow has completed (read the row instead). */
  answerAsk(id: string, command: AnswerCommand, updateId?: string): Promise<DecisionSnapshot | null> {
    return this.update(id, answerAskUpdate, (expiresAt) => ({ ...command, expiresAt }), updateId);
  }

  /** `via`: the agent token's label, when an agent edits through its own token. */
  editDecision(id: string, edit: DecisionEdit, by: string, via?: string): Promise<DecisionSnapshot | null> {
    return this.update(id, editDecisionUpdate, (expiresAt) => ({ ...edit, expiresAt, by, ...(via ? { via } : {}) }));
  }

  /** `channel`: the door it came through, kept in the activity entry (issue 38 item 10). */
  withdrawDecision(id: string, by: string, via?: string, channel?: Channel): Promise<DecisionSnapshot | null> {
    return this.update(id, withdrawDecisionUpdate, (expiresAt) => ({
      expiresAt,
      by,
      ...(via ? { via } : {}),
      ...(channel ? { channel } : {}),
    }));
  }

  archiveDecision(id: string, by: string, channel?: Channel): Promise<DecisionSnapshot | null> {
    return this.update(id, archiveDecisionUpdate, (expiresAt) => ({ expiresAt, by, ...(channel ? { channel } : {}) }));
  }

  runNow(id: string, by: string): Promise<DecisionSnapshot | null> {
    return this.update(id, runNowUpdate, (expiresAt) => ({ expiresAt, by }));
  }

  restoreDecision(id: string, by: string, channel?: Channel): Promise<DecisionSnapshot | null> {
    return this.update(id, restoreDecisionUpdate, (expiresAt) => ({ expiresAt, by, ...(channel ? { channel } : {}) }));
  }

  /** An approval or escalation door answering its decision's derived ask (FR-29). */
  settleDecision(id: string, command: AnswerCommand): Promise<DecisionSnapshot | null> {
    return this.update(id, settleDecisionUpdate, (expiresAt) => ({ ...command, expiresAt }));
  }

  undoAnswer(id: string, ask: number, by: string, channel?: Channel): Promise<DecisionSnapshot | null> {
    return this.update(id, undoAnswerUpdate, (expiresAt) => ({ ask, expiresAt, by, ...(channel ? { channel } : {}) }));
  }

  /** Starts a stack's workflow; returns once its row is in Postgres and its members were told. */
  async createStack(start: StackStart): Promise<StackSnapshot> {
    const deployment = await this.deployment();
    const deadline = Date.now() + UPDATE_DEADLINE_MS;
    const expiresAt = new Date(deadline).toISOString();
    const startWorkflowOperation = new WithStartWorkflowOperation<typeof stackWorkflow>(STACK_WORKFLOW, {
      workflowId: stackWorkflowId(start.id, deployment),
      taskQueue: this.taskQueue,
      args: [{ start: { ...start, expiresAt }, deployment }],
      workflowIdConflictPolicy: 'FAIL',
    });
    try {
      return await this.call(deadline, (client) =>
        client.workflow.executeUpdateWithStart(createStackUpdate, { args: [{ expiresAt }], startWorkflowOperation }),
      );
    } catch (error) {
      // Only a database restored to an earlier point numbers a stack whose workflow id Temporal holds.
      if (error instanceof WorkflowExecutionAlreadyStartedError) {
        throw new DomainError('workflow_id_taken', `Stack ${start.id} already runs in Temporal; it is created under a new number.`);
      }
      throw error;
    }
  }

  addStackMembers(id: string, members: Array<{ decisionId: string; open: boolean }>): Promise<StackSnapshot | null> {
    return this.updateStack(id, addMembersUpdate, (expiresAt) => ({ members, expiresAt }));
  }

  removeStackMember(id: string, decisionId: string): Promise<StackSnapshot | null> {
    return this.updateStack(id, removeMemberUpdate, (expiresAt) => ({ decisionId, expiresAt }));
  }

  reorderStack(id: string, order: string[]): Promise<StackSnapshot | null> {
    return this.updateStack(id, reorderStackUpdate, (expiresAt) => ({ order, expiresAt }));
  }

  setStackPolicy(id: string, policy: StackPolicy): Promise<StackSnapshot | null> {
    return this.updateStack(id, stackPolicyUpdate, (expiresAt) => ({ ...policy, expiresAt }));
  }

  /** FR-49: the work behind the decision is gone. A completed workflow has nothing to archive. */
  async autoArchive(id: string): Promise<void> {
    const deployment = await this.deployment();
    try {
      await this.call(Date.now() + UPDATE_DEADLINE_MS, (client) =>
        client.workflow.getHandle(decisionWorkflowId(id, deployment)).signal(autoArchiveSignal),
      );
    } catch (error) {
      if (!isClosed(error)) throw error;
    }
  }

  /**
   * One try of a webhook delivery, in a workflow of its own: a test ping, or a redelivery, whose
   * `redelivery` key keeps it apart from the delivery's first workflow.
   */
  async startWebhookDelivery(deliveryId: string, redelivery?: string): Promise<void> {
    const deployment = await this.deployment();
    const input: WebhookDeliveryInput = { deliveryId, once: true };
    await this.call(Date.now() + UPDATE_DEADLINE_MS, (client) =>
      client.workflow.start<typeof webhookDeliveryWorkflow>(WEBHOOK_DELIVERY_WORKFLOW, {
        workflowId: webhookDeliveryWorkflowId(deliveryId, deployment, redelivery),
        taskQueue: this.taskQueue,
        args: [input],
      }),
    );
  }

  /**
   * Null when Temporal answers for this namespace; otherwise why not, in words (a refused
   * certificate or API key shows only on a call, so the probe makes one that needs both).
   */
  async trouble(): Promise<string | null> {
    const deadline = Date.now() + HEALTH_DEADLINE_MS;
    try {
      const { connection } = await this.connect(deadline);
      await connection.withDeadline(deadline, () => connection.workflowService.describeNamespace({ namespace: this.target.namespace }));
      return null;
    } catch (error) {
      return explainTemporalFailure(error, this.target);
    }
  }

  /**
   * The workers polling Cast's task queue for workflow and for activity tasks, as Temporal last
   * saw them: without one of each, every write waits out its deadline. Throws when Temporal does
   * not answer (`trouble()` says why).
   */
  async pollers(): Promise<TaskQueuePollers> {
    const deadline = Date.now() + HEALTH_DEADLINE_MS;
    const { connection } = await this.connect(deadline);
    // Task queue types 1 and 2: workflow tasks and activity tasks; kind 1 is a normal (not sticky) queue.
    const describe = (taskQueueType: 1 | 2) =>
      connection.withDeadline(deadline, () =>
        connection.workflowService.describeTaskQueue({
          namespace: this.target.namespace,
          taskQueue: { name: this.taskQueue, kind: 1 },
          taskQueueType,
        }),
      );
    const [workflow, activity] = await Promise.all([describe(1), describe(2)]);
    return { workflow: freshPollers(workflow.pollers), activity: freshPollers(activity.pollers) };
  }

  async close(): Promise<void> {
    const connecting = this.connecting;
    this.connecting = null;
    const connected = await connecting?.catch(() => null);
    await connected?.connection.close();
  }

  private update<Arg extends Expiring>(
    id: string,
    definition: UpdateDefinition<DecisionSnapshot, [Arg]>,
    argument: (expiresAt: string) => Arg,
    updateId?: string,
  ): Promise<DecisionSnapshot | null> {
    return this.updateWorkflow((deployment) => decisionWorkflowId(id, deployment), definition, argument, updateId);
  }

  /** `null` when the stack's workflow has ended (a closed stack): read its row instead. */
  private updateStack<Arg extends Expiring>(
    id: string,
    definition: UpdateDefinition<StackSnapshot, [Arg]>,
    argument: (expiresAt: string) => Arg,
  ): Promise<StackSnapshot | null> {
    return this.updateWorkflow((deployment) => stackWorkflowId(id, deployment), definition, argument);
  }

  private async updateWorkflow<Result, Arg extends Expiring>(
    workflowIdIn: (deployment: Deployment) => string,
    definition: UpdateDefinition<Result, [Arg]>,
    argument: (expiresAt: string) => Arg,
    updateId?: string,
  ): Promise<Result | null> {
    const workflowId = workflowIdIn(await this.deployment());
    const deadline = Date.now() + UPDATE_DEADLINE_MS;
    const args: [Arg] = [argument(new Date(deadline).toISOString())];
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.call(deadline, (client) => {
          const handle: WorkflowHandle = client.workflow.getHandle(workflowId);
          return handle.executeUpdate(definition, { args, ...(updateId ? { updateId } : {}) });
        });
      } catch (error) {
        if (isClosed(error)) return null;
        if (droppedByTaskFailure(error) && attempt < DROPPED_UPDATE_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  private async call<T>(deadline: number, fn: (client: Client) => Promise<T>): Promise<T> {
    let connected: Connected;
    try {
      connected = await this.connect(deadline);
    } catch (error) {
      // Nothing was sent: a retry cannot find the request already done.
      throw translateTemporalFailure(error, { sent: false });
    }
    try {
      return await connected.connection.withDeadline(deadline, () => fn(connected.client));
    } catch (error) {
      throw translateTemporalFailure(error, { sent: true });
    }
  }
}

/** The identities of the workers polling each kind of task. */
export type TaskQueuePollers = { workflow: string[]; activity: string[] };

/**
 * Temporal keeps a poller in the list for minutes after it last polled; a live worker polls
 * again at least every long-poll (a minute), so one not seen for longer has gone.
 */
const POLLER_FRESH_MS = 90_000;

type PollerInfo = { lastAccessTime?: { seconds?: unknown } | null; identity?: string | null };

function freshPollers(pollers: PollerInfo[] | null | undefined): string[] {
  const since = Date.now() - POLLER_FRESH_MS;
  const fresh = (pollers ?? []).filter((poller) => {
    const seconds = Number(poller.lastAccessTime?.seconds ?? 0);
    return seconds === 0 || seconds * 1000 >= since;
  });
  return [...new Set(fresh.map((poller) => poller.identity ?? 'unknown'))];
}

/** Settles as `work` does, or fails as a gRPC deadline would once `deadline` passes first. */
function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('Connecting to Temporal took too long.'), { code: 4 })), deadline - Date.now());
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/**
 * Temporal drops an update still in flight when its workflow task fails — say the workflow
 * completed just as the update arrived (the task fails with UnhandledCommand and runs again).
 * The update was never accepted, so it is sent again: to the workflow still running, or to the
 * completed one, which reads as closed (a host withdrawing the card its deadline just withdrew).
 * Under many updates at once (issue 41: 20 people approving one ask) the server may also lose the
 * speculative task that carried one ("Workflow task not found" on completion) and reject it as
 * "wasn't processed by worker": never accepted either, so it too is sent again.
 */
const DROPPED_UPDATE_ATTEMPTS = 3;

/** The error's message and its causes' (the client wraps the server's reason in a WorkflowUpdateFailedError). */
function errorText(error: Error): string {
  const parts: string[] = [];
  for (let current: unknown = error; current instanceof Error && parts.length < 5; current = current.cause) parts.push(current.message);
  return parts.join(' | ');
}

function droppedByTaskFailure(error: unknown): boolean {
  return error instanceof Error && /unexpected workflow task failure|wasn't processed by worker/i.test(errorText(error));
}
