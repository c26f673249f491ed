/**
 * The API over an existing database and Temporal: an API replica (`bin/api.ts`), or the API
 * that `npm start` composes beside the worker in one process.
 */
import type { SlackSettings } from '../runtime/slack-settings';
import type { OidcSettings } from '../runtime/oidc-settings';
import type { Server } from 'node:http';
import type { Tracing } from '../runtime/tracing';
import { readDeployment } from '../db/deployment';
import { ChangeListener } from '../db/change-listener';
import type { Pool } from '../db/pool';
import type { Logger } from '../runtime/logger';
import type { TemporalTarget } from '../runtime/temporal-connection';
import { rulesAtFiling } from './services/rules/rules-at-filing';
import { createApp } from './app';
import { Lifecycle } from './lifecycle';
import { closeConnectionsOnDrain, drainServer, type Drained } from './server-drain';
import type { RateLimits } from './rate-limit';
import type { ApiRoute } from './route-list';
import { TemporalGateway } from './temporal-gateway';
import type { TrustProxy } from '../runtime/proxy-settings';
import type { VapidKeys } from '../db/vapid-keys';

/**
 * How long an idle keep-alive connection stays open: past the 60 s that nginx (upstream
 * `keepalive_timeout`) and AWS ALB (idle timeout) keep theirs, so the proxy always closes an
 * idle connection first and never sends a request down one Node has just closed (a 502).
 * Node's default, 5 s, loses that race. `headersTimeout` stays above it, as Node requires of
 * the pair on a reused connection.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
export const HEADERS_TIMEOUT_MS = 66_000;

import { DatabaseOutage } from './database-outage';

import { DEFAULT_MAX_WRITES_IN_FLIGHT, WriteAdmission } from './write-admission';
import type { ConfiguredChannels } from '../domain/notifications/notifications-api';

export type RunningApi = {
  url: string;
  server: Server;
  temporal: TemporalGateway;
  routes: ApiRoute[];
  /** The answer-link routes under `/api/v1`, whose credential is the link (issue 40 item 5). */
  linkRoutes: ApiRoute[];
  lifecycle: Lifecycle;
  /** This process's listening connection, which wakes its waiters. */
  changes: ChangeListener;
  /** Writes in flight and refused (admission control), for metrics. */
  admission: WriteAdmission;
  /** Drains (server-drain.ts) within `boundMs` (the start option's by default), then closes the Temporal connection. */
  stop(boundMs?: number): Promise<Drained>;
};

/** Kubernetes allows 30 s between SIGTERM and SIGKILL; 20 s of drain leaves the rest for closing up. */
export const DRAIN_BOUND_MS = 20_000;

export async function startApi(options: {
  pool: Pool;
  logger: Logger;
  host: string;
  port: number;
  temporal: TemporalTarget;
  /** Stamp new decisions with this workflow version instead of the build's (a test plays a newer API). */
  workflowVersion?: number;
  /** How long answers can be undone; 10 minutes unless a test or a demo says otherwise. */
  undoWindowMs?: number;
  /** FR-61's limits by default; `null` turns them off. */
  rateLimits?: RateLimits | null;
  openPerAgent?: number;
  /** Parse every answer with its declared schema (the test suite). */
  checkResponses?: boolean;
  /** Accept webhook endpoints on loopback and private addresses (CAST_WEBHOOK_ALLOW_PRIVATE). */
  allowPrivateWebhooks?: boolean;
  /** CAST_PUBLIC_URL, CAST_TRUST_PROXY and CAST_LONG_POLL_MAX_SECONDS (runtime/proxy-settings.ts). */
  publicUrl?: string | undefined;
  trustProxy?: TrustProxy | undefined;
  longPollMaxSeconds?: number;
  /** Serving or draining: `/readyz` and the held long-polls read it. A new one unless given. */
  lifecycle?: Lifecycle;
  /** How long `stop()` lets in-flight requests finish before it cuts them (CAST_DRAIN_SECONDS). */
  drainMs?: number;
  /** Trace requests into Temporal (runtime/tracing.ts); absent, nothing is traced. */
  tracing?: Tracing | null;
  /** How often a waiter re-reads while the change listener is up (CAST_WAIT_FALLBACK_POLL_MS). */
  waitFallbackMs?: number;
  /** `false`: no listening connection, waiters re-read every 100 ms (the bench's baseline). */
  listen?: boolean;
  /** The listening connection's URL when the pool's cannot hold a LISTEN (CAST_LISTEN_DATABASE_URL). */
  listenUrl?: string;
  /** Writes that reach Temporal in flight at once before the next is refused `overloaded` (CAST_MAX_WRITES_IN_FLIGHT). */
  maxWritesInFlight?: number;
  /** CAST_ANSWER_LINK_KEY: answer links' signing key; unset → the one Cast keeps in PostgreSQL. */
  answerLinkKey?: string | undefined;
  /** Which member channels this deployment can send on (issue 40 item 10): each channel's `isConfigured`. */
  notificationChannels?: ConfiguredChannels;
  /** CAST_VAPID_PUBLIC_KEY and CAST_VAPID_PRIVATE_KEY; unset → the pair Cast keeps in PostgreSQL. */
  vapidKeys?: VapidKeys | undefined;
  /** Slack's bot token and signing secret (issue 40 item 4); absent or null, `/slack/interactivity` answers 404 and linking is refused. */
  slack?: SlackSettings | null | undefined;
  /** OpenID Connect sign-in (issue 41 item 6); absent or null, sign-in is by token only. */
  oidc?: OidcSettings | null | undefined;
}): Promise<RunningApi> {
  const lifecycle = options.lifecycle ?? new Lifecycle();
  const tracer = options.tracing?.tracer;
  const temporal = TemporalGateway.create(options.temporal, () => readDeployment(options.pool), {
    ...(options.workflowVersion ? { workflowVersion: options.workflowVersion } : {}),
    ...(tracer ? { tracer } : {}),
  });
  const settings = {
    ...(options.undoWindowMs ? { undoWindowMs: options.undoWindowMs } : {}),
    ...(options.rateLimits !== undefined ? { rateLimits: options.rateLimits } : {}),
    ...(options.openPerAgent ? { openPerAgent: options.openPerAgent } : {}),
    ...(options.checkResponses ? { checkResponses: true } : {}),
    ...(options.allowPrivateWebhooks ? { allowPrivateWebhooks: true } : {}),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    ...(options.longPollMaxSeconds ? { longPollMaxSeconds: options.longPollMaxSeconds } : {}),
    ...(options.answerLinkKey ? { answerLinkKey: options.answerLinkKey } : {}),
    ...(options.notificationChannels ? { notificationChannels: options.notificationChannels } : {}),
    ...(options.vapidKeys ? { vapidKeys: options.vapidKeys } : {}),
    ...(options.slack ? { slack: options.slack } : {}),
    ...(options.oidc ? { oidc: options.oidc } : {}),
    ...(tracer ? { tracer } : {}),
  };
  const listenerOptions = { logger: options.logger, ...(options.waitFallbackMs ? { fallbackMs: options.waitFallbackMs } : {}) };
  const changes = options.listenUrl
    ? new ChangeListener({ connectionString: options.listenUrl }, listenerOptions)
    : ChangeListener.forPool(options.pool, listenerOptions);
  if (options.listen !== false) changes.start();
  const databaseOutage = new DatabaseOutage(options.logger);
  const unwatch = databaseOutage.watch(options.pool);
  const admission = new WriteAdmission(options.maxWritesInFlight ?? DEFAULT_MAX_WRITES_IN_FLIGHT);
  const app = createApp({
    pool: options.pool,
    temporal,
    logger: options.logger,
    lifecycle,
    databaseOutage,
    changes,
    admission,
    // Issue 42: every filing asks the workspace's rules first.
    automaticAnswers: rulesAtFiling(options.pool, options.logger),
    ...settings,
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(options.port, options.host, (error?: Error) => (error ? reject(error) : resolve(listening)));
  }).catch(async (error: unknown) => {
    await changes.stop();
    throw error;
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  closeConnectionsOnDrain(server, lifecycle);
  const address = server.address();
  let stopping: Promise<Drained> | undefined;
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${options.host}:${port}`,
    server,
    temporal,
    routes: app.locals.apiRoutes as ApiRoute[],
    linkRoutes: app.locals.linkRoutes as ApiRoute[],
    lifecycle,
    changes,
    admission,
    stop(boundMs = options.drainMs ?? DRAIN_BOUND_MS) {
      unwatch();
      stopping ??= drainServer(server, lifecycle, boundMs).then(async (drained) => {
        await changes.stop();
        await temporal.close();
        return drained;
      });
      return stopping;
    },
  };
}
