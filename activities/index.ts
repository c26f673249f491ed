/**
 * The worker's activities, built from their dependencies (activities-dependency-injection
 * idiom). Workflows import only the `Activities` type.
 */
import type { Client } from '@temporalio/client';
import type { Pool } from 'pg';
import { reconcileDecisions, type ReconcileReport } from './reconcile';
import type { DecisionSnapshot, DecisionStart } from '../domain/decision';
import type { DecisionEvent } from '../domain/decision-state';
import { deliverDecision, deliverWithAnswer, type Delivered } from './deliver-decision';
import { holdTask, releaseTaskHold } from './hold-task';
import { mirrorDecision, type MirrorOptions, type MirrorOutcome } from './mirror-decision';
import { deliveryStarter, queueWebhook, webhookEndpointsFor, type StartDelivery } from './queue-webhook';
import { attemptWebhookDelivery } from './attempt-webhook';
import { announceReach, type ReachOutcome } from './announce-reach';
import { mirrorStack } from './mirror-stack';
import type { ReachNotice } from '../domain/reminders';
import { projectRecords } from './project-records';
import { reopenRecord, settleRecord } from './settle-record';
import type { Deployment } from '../domain/deployment';
import type { StackSnapshot } from '../domain/stack';
import { cancelRestart, postWithdrawal, type CancelOutcome } from './undo-answer';
import { withDecisionLink, type WebhookEvent } from '../domain/webhook';
import type { WebhookAttemptOutcome } from '../domain/webhook-delivery';
import { decisionsWithWorkGone } from '../db/decision-queries';
import { rollUpHealth } from '../db/health';
import { countDecisionEvents } from '../runtime/metrics';
import type { Logger } from '../runtime/logger';
import { reportRestartFailures } from './report-restart-failure';
import type { MemberChannel } from '../domain/notifications/delivery';
import type { MemberRetryOutcome } from '../domain/notifications/delivery-retry';
import type { MemberTransport } from '../notifier/member-channel';
import { retryMemberDelivery } from './retry-member-delivery';

/**
 * `client`, `taskQueue` and `deployment` let the reconciler read this deployment's workflows
 * and webhook deliveries start their own; a worker always passes them. `allowPrivateWebhooks`
 * (CAST_WEBHOOK_ALLOW_PRIVATE) lets deliveries reach loopback and private addresses.
 */
export type ActivityDeps = {
  pool: Pool;
  client?: Client;
  taskQueue?: string;
  deployment?: Deployment;
  allowPrivateWebhooks?: boolean;
  /** CAST_PUBLIC_URL: the base of the decision link a webhook event carries. */
  publicUrl?: string | undefined;
  /** Where error reports go (a failed restart, §10); none without it. */
  logger?: Logger;
  /** The member transports a refused message is tried again on (issue 40 item 10); none: nothing is. */
  memberTransports?: ReadonlyMap<MemberChannel, MemberTransport>;
};

export function createActivities({
  pool,
  client,
  taskQueue,
  deployment,
  allowPrivateWebhooks = false,
  publicUrl,
  logger,
  memberTransports = new Map(),
}: ActivityDeps) {
  const startDelivery: StartDelivery =
    client && taskQueue
      ? deliveryStarter(client, taskQueue, deployment)
      : () => Promise.reject(new Error('Webhook deliveries need a Temporal client.'));
  return {
    /** Compares the read model with the workflows and repairs rows behind them. */
    async reconcileDecisions(): Promise<ReconcileReport> {
      if (!client || !taskQueue) throw new Error('The reconciler needs a Temporal client.');
      return reconcileDecisions(pool, client, { taskQueue, deployment });
    },
    /** `options.outbox`: a decision filed at workflow version 4 or later, whose events leave by the outbox. */
    async mirrorDecision(snapshot: DecisionSnapshot, events: DecisionEvent[], options: MirrorOptions = {}): Promise<MirrorOutcome> {
      const outcome = await mirrorDecision(pool, snapshot, events, options);
      if (outcome === 'applied') {
        countDecisionEvents(events);
        // A delivery that failed after its retries is recorded through here (FR-34).
        reportRestartFailures(logger, snapshot, events);
      }
      return outcome;
    },
    /** A reminder or a deadline drawing near, written unless the decision changed since its timer fired (issue 40 items 7, 8). */
    announceReach(snapshot: DecisionSnapshot, notice: ReachNotice): Promise<ReachOutcome> {
      return announceReach(pool, snapshot, notice);
    },
    /** Whether a decision's row exists: a filing that a worker mirrored before it died (workflows/decision-workflow.ts). */
    async decisionMirrored(id: string): Promise<boolean> {
      const { rowCount } = await pool.query('select 1 from decisions where id = $1', [id]);
      return (rowCount ?? 0) > 0;
    },
    mirrorStack(snapshot: StackSnapshot): Promise<'applied' | 'stale'> {
      return mirrorStack(pool, snapshot);
    },
    deliverDecision(snapshot: DecisionSnapshot, options: MirrorOptions = {}): Promise<Delivered> {
      return deliverDecision(pool, snapshot, [], logger, options);
    },
    /** A local activity: the resolving answer's mirror, with its delivery when that succeeds. */
    deliverWithAnswer(snapshot: DecisionSnapshot, events: DecisionEvent[], options: MirrorOptions = {}): Promise<Delivered | null> {
      return deliverWithAnswer(pool, snapshot, events, logger, options);
    },
    // These two keep the activity names recorded histories hold (from before "record" was the
    // word): a renamed activity would no longer replay them.
    settleSource(snapshot: DecisionSnapshot): Promise<void> {
      return settleRecord(pool, snapshot);
    },
    reopenSource(snapshot: DecisionSnapshot): Promise<void> {
      return reopenRecord(pool, snapshot);
    },
    holdTask(snapshot: DecisionSnapshot): Promise<void> {
      return holdTask(pool, snapshot);
    },
    async releaseTaskHold(snapshot: DecisionSnapshot): Promise<void> {
      await releaseTaskHold(pool, snapshot);
    },
    cancelRestart(snapshot: DecisionSnapshot, runId: string): Promise<CancelOutcome> {
      return cancelRestart(pool, snapshot, runId);
    },
    postWithdrawal(snapshot: DecisionSnapshot, ask: number): Promise<string | null> {
      return postWithdrawal(pool, snapshot, ask);
    },
    /** The sweep's targets, across every workspace (FR-49). */
    decisionsWithWorkGone(): Promise<string[]> {
      return decisionsWithWorkGone(pool, null);
    },
    /** FR-13: decisions for approvals and escalations that have none yet. */
    projectRecords(): Promise<DecisionStart[]> {
      return projectRecords(pool);
    },
    /** Every workspace's health roll-up; returns how many were computed. */
    rollUpHealth(): Promise<number> {
      return rollUpHealth(pool);
    },
    webhookEndpointsFor(workspaceId: string, event: WebhookEvent): Promise<string[]> {
      return webhookEndpointsFor(pool, workspaceId, event);
    },
    /**
     * Queues the event for the endpoint and starts its delivery workflow. The name is the one
     * recorded decision histories schedule (it used to POST, retrying for an hour), kept so they replay.
     */
    sendWebhook(endpointId: string, event: WebhookEvent): Promise<'queued' | 'skipped'> {
      return queueWebhook(pool, startDelivery, endpointId, withDecisionLink(event, publicUrl));
    },
    /** One try of a delivery; `retryInMs` is when the schedule tries again, null on its last try. */
    attemptWebhookDelivery(deliveryId: string, retryInMs: number | null): Promise<WebhookAttemptOutcome> {
      return attemptWebhookDelivery({ pool, allowPrivate: allowPrivateWebhooks }, deliveryId, retryInMs);
    },
    /** One retry of a member channel's refused message; `retryInMs` is when the schedule tries again, null on its last try. */
    retryMemberDelivery(deliveryId: string, retryInMs: number | null): Promise<MemberRetryOutcome> {
      return retryMemberDelivery({ pool, transports: memberTransports }, deliveryId, retryInMs);
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
