/**
 * The worker: the composition root for workflows and activities. Run alone as a worker replica
 * (`bin/worker.ts`, built to `dist/worker.js`), or beside the API by `npm start`.
 */
import { Client, ScheduleAlreadyRunning, type ScheduleOptionsAction, type ScheduleSpec } from '@temporalio/client';
import type { Duration } from '@temporalio/common';
import {
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
  OpenTelemetryWorkflowClientInterceptor,
  makeWorkflowExporter,
} from '@temporalio/interceptors-opentelemetry';
import { GracefulShutdownPeriodExpiredError, Worker, type WorkerOptions, type WorkflowBundleOption } from '@temporalio/worker';
import { fileURLToPath } from 'node:url';
import type { Agent } from 'node:https';
import { createActivities } from './activities';
import { deliveryStarter } from './activities/queue-webhook';
import { ChangeListener } from './db/change-listener';
import { Notifier } from './notifier/notifier';
import { webhookChannel } from './notifier/channels/webhooks';
import { emailTransport } from './notifier/channels/email';
import { DigestTicker } from './notifier/digest-ticker';
import { sendDueDigests } from './notifier/email-digests';
import { memberChannel, type MemberTransport, type RetrySchedule } from './notifier/member-channel';
import { smtpMailer, type Mailer } from './notifier/smtp-mailer';
import { memberRetrySchedule } from './activities/start-member-retry';
import type { MemberChannel } from './domain/notifications/delivery';
import type { ChannelProvider } from './notifier/channel';
import type { EmailSettings } from './runtime/email-settings';
import { pushTransport } from './notifier/channels/push';
import { vapidKeysOf, pushSettingsFrom, type PushSettings } from './runtime/push-settings';
import { slackChannel, slackTransport, type SlackChannelDeps } from './notifier/channels/slack';
import { slackApi } from './slack/slack-api';
import type { SlackSettings } from './runtime/slack-settings';
import { readDeployment } from './db/deployment';
import type { Deployment } from './domain/deployment';
import type { Pool } from './db/pool';
import type { Logger } from './runtime/logger';
import { connectTemporal, type TemporalTarget } from './runtime/temporal-connection';
import type { Tracing } from './runtime/tracing';
import { workerReadiness } from './runtime/worker-readiness';

export const WORKFLOWS_PATH = fileURLToPath(new URL('./workflows/index.ts', import.meta.url));
/** The workflow interceptors a traced worker's bundle carries (scripts/build.mjs bundles them in). */
export const TRACING_INTERCEPTORS_PATH = fileURLToPath(new URL('./workflows/tracing-interceptors.ts', import.meta.url));
/** Past its grace, how long a stopping worker waits for cancelled activities to settle before it is forced. */
const SETTLE_AFTER_CANCEL_MS = 5_000;

export type RunningWorker = {
  stop(): Promise<void>;
  done: Promise<void>;
  /** What the worker's `/readyz` answers (runtime/worker-readiness.ts). */
  readiness: ReturnType<typeof workerReadiness>;
  /** The outbox's notifier, when this worker runs one. */
  notifier: Notifier | null;
  /** The email digests' tick, when this worker runs the notifier and email is configured (issue 40 item 3). */
  digests: DigestTicker | null;
};

export async function startWorker(options: {
  pool: Pool;
  temporal: TemporalTarget;
  /** A prebuilt bundle (tests build one per run); otherwise `workflowsPath` is bundled now. */
  workflowBundle?: WorkflowBundleOption;
  workflowsPath?: string;
  /** How often the sweep schedule runs (FR-49); `null` creates none (most tests). */
  sweepEvery?: Duration | null;
  /** How often the health roll-up runs (FR-55); `null` creates none (most tests). */
  rollupEvery?: Duration | null;
  /** How often the reconciler runs; `null` creates none (most tests). */
  reconcileEvery?: Duration | null;
  /** Let webhook deliveries reach loopback and private addresses (CAST_WEBHOOK_ALLOW_PRIVATE). */
  allowPrivateWebhooks?: boolean;
  /** CAST_PUBLIC_URL: the base of the decision link webhook events carry; none without it. */
  publicUrl?: string | undefined;
  /**
   * How long a shutdown (SIGTERM) lets running activities finish before cancelling them; Temporal
   * retries a cancelled attempt on another worker. 0 unless given (tests); the processes pass CAST_DRAIN_SECONDS.
   */
  shutdownGraceMs?: number;
  /** Where the activities' error reports go (a failed restart, AW-03 §10); the processes pass their own. */
  logger?: Logger;
  /** Web Push's key pair and subject (CAST_VAPID_*); unset → the pair in PostgreSQL and a subject from CAST_PUBLIC_URL. */
  push?: PushSettings;
  /** The TLS agent pushes go through: a test's loopback push service trusts only its own certificate. */
  pushAgent?: Agent;
  /** Run the outbox's notifier in this process (issue 40 item 1); on unless a test says otherwise. */
  notifier?: boolean;
  /** Email's SMTP server and sender (runtime/email-settings.ts); none: email is off (issue 40 item 3). */
  email?: EmailSettings | null;
  /** CAST_ANSWER_LINK_KEY: what email's answer and unsubscribe links are signed with; unset → the key kept in PostgreSQL. */
  answerLinkKey?: string | undefined;
  /** How often the email digests tick; a test ticks them itself (`digests.tick(at)`) with `null`. */
  digestTickMs?: number | null;
  /** Slack's bot token and signing secret (issue 40 item 4); absent or null, the notifier sends nothing to Slack. */
  slack?: SlackSettings | null;
  /** The waits before each retry of a member channel's refused message; MEMBER_RETRY_DELAYS_MS unless a test shortens them. */
  memberRetryDelaysMs?: readonly number[];
  /** Activities beside Cast's own: the benchmark's no-op baseline. */
  extraActivities?: Record<string, (...args: never[]) => Promise<unknown>>;
  /**
   * Trace workflows and activities (runtime/tracing.ts). A prebuilt `workflowBundle` must then
   * have been bundled with TRACING_INTERCEPTORS_PATH; one bundled now gets it here.
   */
  tracing?: Tracing | null;
}): Promise<RunningWorker> {
  const sweepEvery = options.sweepEvery === undefined ? SWEEP_EVERY : options.sweepEvery;
  const rollupEvery = options.rollupEvery === undefined ? ROLLUP_EVERY : options.rollupEvery;
  const reconcileEvery = options.reconcileEvery === undefined ? RECONCILE_EVERY : options.reconcileEvery;
  const { namespace, taskQueue } = options.temporal;
  const deployment = await readDeployment(options.pool);
  // One connection (the Rust core's, as the API's): the worker polls on it, and its client
  // makes the schedules now and serves the activities' reads and signals later.
  const connection = await connectTemporal(options.temporal);
  const tracing = options.tracing ?? null;
  const client = new Client({
    connection,
    namespace,
    ...(tracing ? { interceptors: { workflow: [new OpenTelemetryWorkflowClientInterceptor({ tracer: tracing.tracer })] } } : {}),
  });
  const ensure = (schedule: Omit<Schedule, 'taskQueue'>) => ensureSchedule(client, { ...schedule, taskQueue });
  if (reconcileEvery) await ensure({ name: 'cast-reconcile', workflowType: 'reconcileWorkflow', every: reconcileEvery });
  if (sweepEvery) await ensure({ name: 'cast-sweep', workflowType: 'sweepWorkflow', every: sweepEvery, deployment });
  // The roll-up also runs as the worker starts, so a new deployment has a health line at once.
  if (rollupEvery) await ensure({ name: 'cast-health', workflowType: 'healthRollupWorkflow', every: rollupEvery, runNow: true });
  // The member transports serve the notifier's first tries and the retry activities' later ones alike.
  const reach = memberTransports(options);
  const worker = await Worker.create({
    connection,
    namespace,
    taskQueue,
    activities: {
      ...createActivities({
        pool: options.pool,
        client,
        taskQueue,
        deployment,
        allowPrivateWebhooks: options.allowPrivateWebhooks ?? false,
        publicUrl: options.publicUrl,
        logger: options.logger,
        memberTransports: reach.transports,
      }),
      ...options.extraActivities,
    },
    ...(options.shutdownGraceMs ? { shutdownGraceTime: options.shutdownGraceMs } : {}),
    // An activity that never settles once cancelled must not hold a stopping worker past its
    // bound (README: CAST_DRAIN_SECONDS); Temporal retries what was cut on another worker.
    shutdownForceTime: (options.shutdownGraceMs ?? 0) + SETTLE_AFTER_CANCEL_MS,
    ...(options.workflowBundle ? { workflowBundle: options.workflowBundle } : { workflowsPath: options.workflowsPath ?? WORKFLOWS_PATH }),
    ...(tracing ? tracedWorker(tracing, !options.workflowBundle) : {}),
  }).catch(async (error: unknown) => {
    reach.close();
    await connection.close();
    throw error;
  });
  const retries = memberRetrySchedule(client, taskQueue, deployment, options.memberRetryDelaysMs);
  const notifying = options.notifier === false ? null : startNotifier(options, client, taskQueue, deployment, reach, retries);
  // However the worker ends (stop(), or the SDK's own shutdown on SIGTERM), the notifier and its
  // LISTEN connection end with it: left open they would keep the process alive past its bound.
  const done = worker.run().finally(async () => {
    await notifying?.stop();
    reach.close();
    await connection.close();
  });
  return {
    done,
    readiness: workerReadiness({ worker, connection, target: options.temporal, pool: options.pool }),
    notifier: notifying?.notifier ?? null,
    digests: notifying?.digests ?? null,
    async stop() {
      // First, so nothing starts a delivery workflow on a connection about to close.
      await notifying?.stop();
      if (worker.getState() === 'RUNNING') worker.shutdown();
      try {
        await done;
      } catch (error) {
        if (!(error instanceof GracefulShutdownPeriodExpiredError)) throw error;
        options.logger?.warn({ err: error }, 'the worker stopped with activities still running; Temporal retries them elsewhere');
      }
    },
  };
}

type ReachOptions = {
  pool: Pool;
  publicUrl?: string | undefined;
  email?: EmailSettings | null;
  answerLinkKey?: string | undefined;
  allowPrivateWebhooks?: boolean;
  push?: PushSettings;
  pushAgent?: Agent;
  slack?: SlackSettings | null;
};

/** The member channels' transports this worker can send on, from its settings (issue 40 items 2–4). */
type MemberTransports = {
  transports: ReadonlyMap<MemberChannel, MemberTransport>;
  mailer: Mailer | null;
  slack: SlackChannelDeps | null;
  close(): void;
};

function memberTransports(options: ReachOptions): MemberTransports {
  const transports = new Map<MemberChannel, MemberTransport>();
  // Web Push (issue 40 item 2): always on; the keys are the environment's or Cast's own.
  const pushSettings = options.push ?? pushSettingsFrom({ CAST_PUBLIC_URL: options.publicUrl });
  transports.set(
    'push',
    pushTransport({
      pool: options.pool,
      vapidKeys: vapidKeysOf(options.pool, pushSettings),
      subject: pushSettings.subject,
      answerLinkKey: options.answerLinkKey,
      ...(options.allowPrivateWebhooks ? { allowPrivate: true } : {}),
      ...(options.pushAgent ? { agent: options.pushAgent } : {}),
    }),
  );
  // Email (issue 40 item 3): on when its SMTP server is set.
  const mailer = options.email ? smtpMailer(options.email) : null;
  if (options.email && mailer) {
    transports.set('email', emailTransport({ pool: options.pool, key: options.answerLinkKey, publicUrl: options.email.publicUrl, mailer }));
  }
  // Slack (issue 40 item 4): on when its bot token and signing secret are set.
  const slack = options.slack ? { pool: options.pool, slack: slackApi(options.slack), publicUrl: options.publicUrl } : null;
  if (slack) transports.set('slack', slackTransport(slack));
  return { transports, mailer, slack, close: () => mailer?.close() };
}

/**
 * The notifier hands the outbox's events to the channels: webhooks, whose delivery workflows run
 * on this worker's task queue, and the member channels, whose refused messages are retried by
 * workflows of their own. Its own LISTEN connection wakes it; idle, it queries nothing.
 */
function startNotifier(
  options: ReachOptions & { logger?: Logger; digestTickMs?: number | null },
  client: Client,
  taskQueue: string,
  deployment: Deployment,
  reach: MemberTransports,
  retries: RetrySchedule | undefined,
): { notifier: Notifier; digests: DigestTicker | null; stop(): Promise<void> } {
  const listener = ChangeListener.forPool(options.pool, options.logger ? { logger: options.logger } : {});
  const start = deliveryStarter(client, taskQueue, deployment);
  const channels: ChannelProvider[] = [webhookChannel({ pool: options.pool, start, publicUrl: options.publicUrl })];
  const retrying = retries ? { retries } : {};
  for (const channel of ['push', 'email'] as const) {
    const transport = reach.transports.get(channel);
    if (transport) channels.push(memberChannel(options.pool, transport, retrying));
  }
  // Email's digests tick on their own, through the same mailer.
  let digests: DigestTicker | null = null;
  if (options.email && reach.mailer) {
    const links = { pool: options.pool, key: options.answerLinkKey, publicUrl: options.email.publicUrl };
    const deps = { ...links, mailer: reach.mailer, ...(options.logger ? { logger: options.logger } : {}) };
    digests = new DigestTicker((now) => sendDueDigests(deps, now), {
      ...(options.digestTickMs ? { everyMs: options.digestTickMs } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    });
  }
  // Slack also updates the messages it posted when their decision changes.
  if (reach.slack) channels.push(slackChannel({ ...reach.slack, retries }));
  const notifier = new Notifier({
    pool: options.pool,
    channels,
    listener,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  listener.start();
  notifier.start();
  if (digests && options.digestTickMs !== null) digests.start();
  return {
    notifier,
    digests,
    async stop() {
      await digests?.stop();
      await notifier.stop();
      await listener.stop();
    },
  };
}

/**
 * Activities continue the trace their workflow put in their headers; the workflows' own spans,
 * made in the sandbox, leave it by the `exporter` sink, with this process's resource.
 */
function tracedWorker(tracing: Tracing, bundlingNow: boolean): Pick<WorkerOptions, 'interceptors' | 'sinks'> {
  const { tracer } = tracing;
  return {
    interceptors: {
      activity: [
        (ctx) => ({
          inbound: new OpenTelemetryActivityInboundInterceptor(ctx, { tracer }),
          outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
        }),
      ],
      ...(bundlingNow ? { workflowModules: [TRACING_INTERCEPTORS_PATH] } : {}),
    },
    sinks: { exporter: makeWorkflowExporter(tracing.spanProcessor, tracing.resource) },
  };
}

/**
 * The sweep's schedule carries its deployment (its argument). A worker of another deployment on
 * the same task queue would run that deployment's workflows against its own database, so it
 * stops instead, saying what to do.
 */
function refuseAnotherDeployment(scheduleId: string, action: unknown, ours: Deployment): void {
  const theirs = (action as { args?: Array<Partial<Deployment> | undefined> }).args?.[0];
  if (!theirs?.id || theirs.id === ours.id) return;
  throw new Error(
    `The task queue of schedule ${scheduleId} serves deployment ${theirs.id}, and this database is deployment ${ours.id}: ` +
      'give this deployment its own TEMPORAL_TASK_QUEUE, or, if the other one is gone for good (its database was recreated), delete that schedule.',
  );
}

/** Well inside FR-49's 30 minutes, even when one run is skipped. */
export const SWEEP_EVERY = '10 minutes';
/** FR-55 asks for at least daily; hourly keeps the line fresh for the cost of one small query. */
export const ROLLUP_EVERY = '1 hour';
/** A mirror write that failed for good is rare; a quarter of an hour is soon enough to repair it. */
export const RECONCILE_EVERY = '15 minutes';

/**
 * Creates a schedule for this task queue, or brings an existing one up to date, so any
 * number of workers can start in any order and leave exactly one of each.
 */
type Schedule = {
  name: string;
  workflowType: string;
  every: Duration;
  taskQueue: string;
  /** The workflow's argument, and the owner of the task queue. */
  deployment?: Deployment;
  runNow?: boolean;
};

async function ensureSchedule(client: Client, schedule: Schedule): Promise<void> {
  const scheduleId = `${schedule.name}/${schedule.taskQueue}`;
  const spec: ScheduleSpec = { intervals: [{ every: schedule.every }] };
  const action: ScheduleOptionsAction = {
    type: 'startWorkflow',
    workflowType: schedule.workflowType,
    workflowId: scheduleId,
    taskQueue: schedule.taskQueue,
    ...(schedule.deployment ? { args: [schedule.deployment] } : {}),
  };
  try {
    await client.schedule.create({ scheduleId, spec, action });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    await client.schedule.getHandle(scheduleId).update((previous) => {
      if (schedule.deployment) refuseAnotherDeployment(scheduleId, previous.action, schedule.deployment);
      return { ...previous, spec, action };
    });
  }
  if (schedule.runNow) await client.schedule.getHandle(scheduleId).trigger();
}
