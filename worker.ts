/**
 * The worker: the composition root for workflows and activities. Run it alone
 * (`tsx worker.ts`) as a worker replica, or let `npm start` run it beside the API.
 */
import { Client, Connection, ScheduleAlreadyRunning, type ScheduleOptionsAction, type ScheduleSpec } from '@temporalio/client';
import type { Duration } from '@temporalio/common';
import { NativeConnection, Worker, type WorkflowBundleOption } from '@temporalio/worker';
import { fileURLToPath } from 'node:url';
import { createActivities } from './activities';
import { createPool, type Pool } from './db/pool';
import { processConnections, type Connections } from './runtime/connections';
import { loadEnv } from './runtime/env';
import { isMain } from './runtime/is-main';
import { createLogger } from './runtime/logger';
import { installTemporalLogging } from './runtime/temporal-runtime';

export const WORKFLOWS_PATH = fileURLToPath(new URL('./workflows/index.ts', import.meta.url));

export type RunningWorker = { stop(): Promise<void>; done: Promise<void> };

export async function startWorker(options: {
  pool: Pool;
  address: string;
  namespace: string;
  taskQueue: string;
  /** A prebuilt bundle (tests build one per run); otherwise `workflowsPath` is bundled now. */
  workflowBundle?: WorkflowBundleOption;
  workflowsPath?: string;
  /** How often the sweep schedule runs (FR-49); `null` creates none (most tests). */
  sweepEvery?: Duration | null;
  /** How often the health roll-up runs (FR-55); `null` creates none (most tests). */
  rollupEvery?: Duration | null;
  /** How often the reconciler runs; `null` creates none (most tests). */
  reconcileEvery?: Duration | null;
  /** Activities beside Cast's own: the benchmark's no-op baseline. */
  extraActivities?: Record<string, (...args: never[]) => Promise<unknown>>;
}): Promise<RunningWorker> {
  const sweepEvery = options.sweepEvery === undefined ? SWEEP_EVERY : options.sweepEvery;
  const rollupEvery = options.rollupEvery === undefined ? ROLLUP_EVERY : options.rollupEvery;
  const reconcileEvery = options.reconcileEvery === undefined ? RECONCILE_EVERY : options.reconcileEvery;
  // One client connection: for the schedules now, and for the reconciler's reads later.
  const clientConnection = await Connection.connect({ address: options.address });
  const client = new Client({ connection: clientConnection, namespace: options.namespace });
  const ensure = (schedule: Omit<Schedule, 'taskQueue'>) => ensureSchedule(client, { ...schedule, taskQueue: options.taskQueue });
  if (reconcileEvery) await ensure({ name: 'cast-reconcile', workflowType: 'reconcileWorkflow', every: reconcileEvery });
  if (sweepEvery) await ensure({ name: 'cast-sweep', workflowType: 'sweepWorkflow', every: sweepEvery });
  // The roll-up also runs as the worker starts, so a new deployment has a health line at once.
  if (rollupEvery) await ensure({ name: 'cast-health', workflowType: 'healthRollupWorkflow', every: rollupEvery, runNow: true });
  const connection = await NativeConnection.connect({ address: options.address });
  const worker = await Worker.create({
    connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    activities: { ...createActivities({ pool: options.pool, client, taskQueue: options.taskQueue }), ...options.extraActivities },
    ...(options.workflowBundle ? { workflowBundle: options.workflowBundle } : { workflowsPath: options.workflowsPath ?? WORKFLOWS_PATH }),
  });
  const done = worker.run().finally(() => Promise.all([connection.close(), clientConnection.close()]));
  return {
    done,
    async stop() {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await done;
    },
  };
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
type Schedule = { name: string; workflowType: string; every: Duration; taskQueue: string; runNow?: boolean };

async function ensureSchedule(client: Client, schedule: Schedule): Promise<void> {
  const scheduleId = `${schedule.name}/${schedule.taskQueue}`;
  const spec: ScheduleSpec = { intervals: [{ every: schedule.every }] };
  const action: ScheduleOptionsAction = {
    type: 'startWorkflow',
    workflowType: schedule.workflowType,
    workflowId: scheduleId,
    taskQueue: schedule.taskQueue,
  };
  try {
    await client.schedule.create({ scheduleId, spec, action });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    await client.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, spec, action }));
  }
  if (schedule.runNow) await client.schedule.getHandle(scheduleId).trigger();
}

if (isMain(import.meta.url)) {
  const env = loadEnv();
  installTemporalLogging(env.LOG_LEVEL, { handleSignals: true });
  let connections: Connections;
  try {
    connections = processConnections(env);
  } catch (error) {
    createLogger(env.LOG_LEVEL).fatal((error as Error).message);
    process.exit(1);
  }
  const worker = await startWorker({
    pool: createPool(connections.databaseUrl),
    address: connections.temporalAddress,
    namespace: env.TEMPORAL_NAMESPACE,
    taskQueue: env.TEMPORAL_TASK_QUEUE,
  });
  await worker.done;
}
