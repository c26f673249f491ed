/**
 * A whole Cast for one test file: a worker on its own task queue (using the shared bundle)
 * and the API on a free port, over the run's real Temporal server and database.
 */
import type { Duration } from '@temporalio/common';
import { randomUUID } from 'node:crypto';
import type { Agent } from 'node:https';
import { inject } from 'vitest';
import type { RateLimits } from '../../api/rate-limit';
import type { ApiRoute } from '../../api/route-list';
import { startApi } from '../../api/server';
import type { WriteAdmission } from '../../api/write-admission';
import type { ConfiguredChannels } from '../../domain/notifications/notifications-api';
import { readDeployment } from '../../db/deployment';
import type { Pool } from '../../db/pool';
import type { Deployment } from '../../domain/deployment';
import { testPool } from './test-pool';
import { typedCallsOver, type TypedCalls } from './typed-calls';
import { createMember, createWorkspace, mintToken } from '../../db/tenancy';
import type { PersonPrincipal } from '../../domain/principal';
import { createLogger, type Logger } from '../../runtime/logger';
import { startWorker } from '../../worker';
import { plainTarget } from '../../runtime/temporal-connection';
import { installTemporalLogging } from '../../runtime/temporal-runtime';
import type { TrustProxy } from '../../runtime/proxy-settings';
import type { Tracing } from '../../runtime/tracing';
import type { EmailSettings } from '../../runtime/email-settings';
import type { SlackSettings } from '../../runtime/slack-settings';
import type { OidcSettings } from '../../runtime/oidc-settings';

installTemporalLogging('warn', { handleSignals: true });

export type Member = PersonPrincipal & { token: string };

/**
 * Tests send writes in concurrent batches to test behaviour, not load, so admission control
 * admits them all; test/api/overload.test.ts gives it a bound of its own.
 */
export const UNBOUNDED_WRITES = 10_000;

/** `send` and `reply` are the typed calls (test/support/typed-calls.ts); `request` is raw, for deliberately bad requests. */
export type TestCast = TypedCalls & {
  url: string;
  pool: Pool;
  taskQueue: string;
  temporalAddress: string;
  /** This database's deployment: where the API puts its workflows (`decisionWorkflowId(id, cast.deployment)`). */
  deployment: Deployment;
  /** Every `/api/v1` route the app mounted behind its authentication. */
  routes: ApiRoute[];
  /** The answer-link routes under `/api/v1`, whose credential is the link (issue 40 item 5). */
  linkRoutes: ApiRoute[];
  /** The API's admission control: its writes in flight and refusals. */
  admission: WriteAdmission;
  /** A fresh workspace with one member, so tests never see each other's rows. */
  newMember(): Promise<Member>;
  request(token: string | null, method: string, path: string, body?: unknown): Promise<Response>;
  stopWorker(): Promise<void>;
  startWorker(): Promise<void>;
  stop(): Promise<void>;
};

export async function startTestCast(
  options: {
    worker?: boolean;
    /** The worker's own outbox notifier (on unless a test drives its own channels instead). */
    notifier?: boolean;
    temporalAddress?: string;
    undoWindowMs?: number;
    sweepEvery?: Duration;
    rollupEvery?: Duration;
    /** FR-61's limits are off unless a test turns them on. */
    rateLimits?: RateLimits;
    openPerAgent?: number;
    /** Another database than the run's (a deployment of its own), and the task queue to share. */
    databaseUrl?: string;
    taskQueue?: string;
    /** Stamp new decisions with this workflow version: an API newer than the worker. */
    workflowVersion?: number;
    /** Webhook receivers run on loopback, so private addresses are allowed unless a test says otherwise. */
    allowPrivateWebhooks?: boolean;
    /** CAST_PUBLIC_URL, CAST_TRUST_PROXY and CAST_LONG_POLL_MAX_SECONDS, as bin/api.ts passes them. */
    publicUrl?: string;
    trustProxy?: TrustProxy;
    longPollMaxSeconds?: number;
    /** Trace the API and the worker; the worker then bundles the workflows with the tracing interceptors itself. */
    tracing?: Tracing;
    /** The API's logger, for a test that reads what it logs; silent (or TEST_LOG's level) otherwise. */
    logger?: Logger;
    /** The worker's, for a test that reads its error reports; silent (or TEST_LOG's level) otherwise. */
    workerLogger?: Logger;
    /** The TLS agent the worker's pushes go through: a loopback push service's certificate (test/support/push-service.ts). */
    pushAgent?: Agent;
    /** Admission control's bound (CAST_MAX_WRITES_IN_FLIGHT); none to speak of unless a test sets one. */
    maxWritesInFlight?: number;
    /** Which member channels the API says it can send on (issue 40 item 10); all of them unless a test says. */
    notificationChannels?: ConfiguredChannels;
    /** Email's SMTP server (issue 40 item 3), given the API's own URL: a loopback inbox's (test/support/smtp-inbox.ts). The digest tick is the test's to drive. */
    email?: (apiUrl: string) => EmailSettings;
    /** Slack's settings for the API and the worker (issue 40 item 4), pointed at a stand-in; none: Slack off. */
    slack?: SlackSettings;
    /** OpenID Connect sign-in's settings (issue 41 item 6), pointed at a provider the test runs; none: token sign-in only. */
    oidc?: OidcSettings;
    /** The waits before each retry of a refused member message (issue 40 item 10): a test's short schedule. */
    memberRetryDelaysMs?: readonly number[];
  } = {},
): Promise<TestCast> {
  const taskQueue = options.taskQueue ?? `test-${randomUUID()}`;
  // Each test's processes read only their own task queue's outbox events (db/pool.ts).
  const pool = testPool(options.databaseUrl, taskQueue);
  const allowPrivateWebhooks = options.allowPrivateWebhooks ?? true;
  const temporal = plainTarget(options.temporalAddress ?? inject('temporalAddress'), taskQueue);
  const workerLogger = options.workerLogger ?? createLogger(process.env.TEST_LOG ?? 'silent', 'cast-worker');
  let apiUrl = '';
  const launchWorker = () =>
    startWorker({
      ...(options.email ? { email: options.email(apiUrl), digestTickMs: null } : {}),
      pool,
      temporal,
      ...(options.tracing ? { tracing: options.tracing } : { workflowBundle: { codePath: inject('workflowBundlePath') } }),
      sweepEvery: options.sweepEvery ?? null,
      rollupEvery: options.rollupEvery ?? null,
      reconcileEvery: null,
      allowPrivateWebhooks,
      publicUrl: options.publicUrl,
      ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
      ...(options.slack ? { slack: options.slack } : {}),
      ...(options.notifier === false ? { notifier: false } : {}),
      ...(options.memberRetryDelaysMs ? { memberRetryDelaysMs: options.memberRetryDelaysMs } : {}),
      logger: workerLogger,
    });
  // With email, the worker starts after the API: its messages' links point at the API's URL.
  let worker = options.worker === false || options.email ? null : await launchWorker();
  const logger = options.logger ?? createLogger(process.env.TEST_LOG ?? 'silent');
  const undo = options.undoWindowMs ? { undoWindowMs: options.undoWindowMs } : {};
  const api = await startApi({
    checkResponses: true,
    pool,
    logger,
    host: '127.0.0.1',
    port: 0,
    temporal,
    ...undo,
    rateLimits: options.rateLimits ?? null,
    ...(options.openPerAgent ? { openPerAgent: options.openPerAgent } : {}),
    ...(options.workflowVersion ? { workflowVersion: options.workflowVersion } : {}),
    maxWritesInFlight: options.maxWritesInFlight ?? UNBOUNDED_WRITES,
    allowPrivateWebhooks,
    notificationChannels: options.notificationChannels ?? { push: true, email: true, slack: true },
    publicUrl: options.publicUrl,
    trustProxy: options.trustProxy,
    ...(options.longPollMaxSeconds ? { longPollMaxSeconds: options.longPollMaxSeconds } : {}),
    ...(options.tracing ? { tracing: options.tracing } : {}),
    ...(options.slack ? { slack: options.slack } : {}),
    ...(options.oidc ? { oidc: options.oidc } : {}),
  });
  apiUrl = api.url;
  if (options.email && options.worker !== false) worker = await launchWorker();

  return {
    url: api.url,
    pool,
    taskQueue,
    temporalAddress: temporal.connection.address,
    deployment: await readDeployment(pool),
    routes: api.routes,
    linkRoutes: api.linkRoutes,
    admission: api.admission,
    async newMember() {
      const workspaceId = await createWorkspace(pool, `test ${randomUUID()}`);
      // The first member of a workspace is its owner.
      const memberId = await createMember(pool, workspaceId, 'Tester');
      const { secret, id } = await mintToken(pool, { workspaceId, memberId }, { kind: 'person', label: 'test' });
      return { kind: 'person', workspaceId, memberId, tokenId: id, role: 'owner', token: secret };
    },
    request: requestOver(api.url),
    ...typedCallsOver(api.url),
    async stopWorker() {
      await worker?.stop();
      worker = null;
    },
    async startWorker() {
      worker ??= await launchWorker();
    },
    async stop() {
      await api.stop();
      await worker?.stop();
      await pool.end();
    },
  };
}

/** A bearer-token request to a Cast API at `url`: what a TestCast's `request` is, for any API. */
export function requestOver(url: string): TestCast['request'] {
  return (token, method, path, body) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${url}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
  };
}

/** The raw and the typed calls to a Cast API at `url`: another replica's, or a cluster's. */
export function apiOver(url: string): Pick<TestCast, 'request' | 'send' | 'reply'> {
  return { request: requestOver(url), ...typedCallsOver(url) };
}
