/** The Express application: health, the web shell, and the authenticated `/api/v1`. */
import type { Tracer } from '@opentelemetry/api';
import helmet from 'helmet';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import { fileURLToPath } from 'node:url';
import { DomainError } from '../domain/errors';
import { APP_PATHS } from '../domain/app-routes';
import type { ChangeListener } from '../db/change-listener';
import type { Pool } from '../db/pool';
import type { Logger } from '../runtime/logger';
import { requireAuth } from './auth';
import type { Lifecycle } from './lifecycle';
import { refuseNulText } from './plain-text';
import { verifyUtf8 } from './utf8-body';
import { errorHandler } from './problem';
import { httpSpan, PROBE_PATHS } from './http-span';
import { requestId } from './request-id';
import { openApiHandlers } from './routes/openapi';
import { referenceRouter } from './openapi/reference-router';
import { activityHandlers } from './routes/activity';
import { agentHandlers } from './routes/agents';
import { decisionHandlers } from './routes/decisions';
import type { AutomaticAnswersFor } from './services/file-decision';
import { decisionDocumentHandlers } from './routes/decision-documents';
import { decisionWaitHandlers } from './routes/decision-wait';
import { sessionDecisionHandlers } from './routes/session-decisions';
import { healthRouter } from './routes/health';
import { probesRouter } from './routes/probes';
import type { DatabaseOutage } from './database-outage';
import { missionHandlers } from './routes/missions';
import { mountLinkRoutes, mountRoutes, type ApiHandlers } from './mount-routes';
import { refuseUndeclaredMethods } from './method-not-allowed';
import { API_ROUTES, LINK_ROUTES } from '../domain/routes/index';
import { runHandlers } from './routes/runs';
import { sessionMessageHandlers } from './routes/session-messages';
import { sessionHandlers } from './routes/sessions';
import { taskHandlers } from './routes/tasks';
import { webAuthRouter } from './routes/web-auth';
import { oidcSignInRouter } from './routes/oidc-sign-in';
import { mcpRouter } from './routes/mcp';
import type { OidcSettings } from '../runtime/oidc-settings';
import { analyticsHandlers } from './routes/analytics';
import { approvalHandlers } from './routes/approvals';
import { escalationHandlers } from './routes/escalations';
import { homeHandlers } from './routes/home';
import { inboxHandlers } from './routes/inbox';
import { healthSettingsHandlers } from './routes/health-settings';
import { reminderSettingsHandlers } from './routes/reminder-settings';
import { approvalSettingsHandlers } from './routes/approval-settings';
import { sessionPromptHandlers } from './routes/session-prompts';
import { stackHandlers } from './routes/stacks';
import { byAddress, FR61_LIMITS, HOST_PROMPT_PATH, rateLimit, type RateLimits } from './rate-limit';
import { answerLinkHandlers } from './routes/answer-links';
import { ANSWER_LINK_PAGE_PATH, answerLinkPages } from './routes/answer-link-pages';
import { UNSUBSCRIBE_PAGE_PATH, unsubscribePages } from './routes/unsubscribe-pages';
import { answerLinkRoutes } from '../domain/routes/answer-links';
import { redactLinks } from './redact-links';
import { RateLimitHealth } from './rate-limit-health';
import { listApiRoutes } from './route-list';
import { webhookHandlers } from './routes/webhooks';
import { requestMetrics } from './request-metrics';
import { peopleHandlers } from './routes/people';
import { teamHandlers } from './routes/teams';
import { ruleHandlers } from './routes/rules';
import { assignmentHandlers } from './routes/assignments';
import { delegationHandlers } from './routes/delegations';
import { memberSignInHandlers } from './routes/member-sign-in';
import { notificationHandlers } from './routes/notifications';
import { NO_CHANNELS_CONFIGURED, type ConfiguredChannels } from '../domain/notifications/notifications-api';
import { pushHandlers } from './routes/push';
import { slackHandlers } from './routes/slack';
import { slackInteractivity } from './routes/slack-interactivity';
import type { SlackSettings } from '../runtime/slack-settings';
import { slackApi } from '../slack/slack-api';
import type { TemporalGateway } from './temporal-gateway';
import type { PublicSite } from './public-site';
import { DEFAULT_LONG_POLL_MAX_SECONDS, type TrustProxy } from '../runtime/proxy-settings';
import { admitWrites, admitWritesAt } from './admit-writes';
import type { WriteAdmission } from './write-admission';
import { appShell, compressResponses, webAssets } from './web-assets';
import type { VapidKeys } from '../db/vapid-keys';
import { vapidKeysOf } from '../runtime/push-settings';

export type AppDeps = {
  pool: Pool;
  temporal: TemporalGateway;
  logger: Logger;
  /** Serving or draining (server-drain.ts): held long-polls and event streams end when it drains. */
  lifecycle: Lifecycle;
  undoWindowMs?: number;
  /** How many decisions one agent may keep open (200 unless a test says otherwise). */
  openPerAgent?: number;
  /**
   * Issue 42 item 1: the answers the workspace's rules give a filing (api/services/file-decision.ts).
   * Every filing route is handed these deps, so set here it reaches decisions, host prompts,
   * approvals and escalations alike; unset, nothing answers itself.
   */
  automaticAnswers?: AutomaticAnswersFor;
  /** FR-61's per-member limits; `null` turns them off (tests and benchmarks that measure throughput). */
  rateLimits?: RateLimits | null;
  /** Parse every answer with its declared schema, so a handler that drifts fails (the test suite). */
  checkResponses?: boolean;
  /** Accept webhook endpoints on loopback and private addresses (development and the test suite). */
  allowPrivateWebhooks?: boolean;
  /** CAST_PUBLIC_URL: the origin the Origin check and the links use; unset → the request's host. */
  publicUrl?: string;
  /** CAST_TRUST_PROXY: Express's `trust proxy`; unset → no proxy's `X-Forwarded-*` is believed. */
  trustProxy?: TrustProxy;
  /** CAST_LONG_POLL_MAX_SECONDS: the longest a long-poll holds a request. */
  longPollMaxSeconds?: number;
  /** Trace each request (runtime/tracing.ts); absent, nothing is traced. */
  tracer?: Tracer;
  /** Whether the database is away, said once per outage; every request it fails answers 503 `database_unavailable`. */
  databaseOutage: DatabaseOutage;
  /** Wakes waiting requests when what they wait on changes; without it they re-read every 100 ms. */
  changes?: ChangeListener;
  /** Admission control for writes that reach Temporal; absent, none (api/server.ts always gives one). */
  admission?: WriteAdmission;
  /** CAST_ANSWER_LINK_KEY: the key answer links are signed with; unset → the one Cast keeps in PostgreSQL. */
  answerLinkKey?: string | undefined;
  /** Which member channels this deployment can send on (issue 40 item 10); none unless the entry point says. */
  notificationChannels?: ConfiguredChannels;
  /** CAST_VAPID_*: Web Push's keys; unset → the pair Cast keeps in PostgreSQL. */
  vapidKeys?: VapidKeys | undefined;
  /** Slack's bot token and signing secret (issue 40 item 4); absent, Slack is off. */
  slack?: SlackSettings | undefined;
  /** OpenID Connect sign-in (issue 41 item 6); absent or null, sign-in is by token only. */
  oidc?: OidcSettings | null | undefined;
};

/** The trace a request's log lines belong to, when it is traced (api/http-span.ts). */
const traceOf = (res: object) => {
  const traceId: unknown = (res as { locals?: { traceId?: unknown } }).locals?.traceId;
  return typeof traceId === 'string' ? { traceId } : {};
};

const WEB_DIR = fileURLToPath(new URL('../ui/dist/', import.meta.url));

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // First, so every request is counted and timed, whatever answers it.
  app.use(requestMetrics());
  // Then, so every answer — a refusal by any later middleware too — carries its id and trace.
  app.use(requestId());
  if (deps.tracer) app.use(httpSpan(deps.tracer));
  // Only a configured proxy may tell Express the client's address and scheme (req.ip, req.secure).
  if (deps.trustProxy !== undefined) app.set('trust proxy', deps.trustProxy);
  const site: PublicSite = { publicUrl: deps.publicUrl };
  const longPollMaxMs = (deps.longPollMaxSeconds ?? DEFAULT_LONG_POLL_MAX_SECONDS) * 1000;
  // Security headers, and a strict policy for the app: its own scripts, styles and frames only.
  // Agent-written HTML is served with its own sandboxing policy (routes/decision-documents.ts).
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
        },
      },
    }),
  );
  app.use(
    pinoHttp({
      logger: deps.logger,
      // Probes arrive every few seconds from every kubelet and balancer: a line each would drown the log.
      autoLogging: { ignore: (req) => PROBE_PATHS.has((req.url ?? '').split('?')[0]!) },
      genReqId: (req) => req.id,
      customProps: (req, res) => ({ requestId: req.id, ...traceOf(res) }),
      // An answer link's token is a credential: the log names the route, not the token.
      serializers: { req: (req: { url?: string }) => ({ ...req, url: req.url === undefined ? undefined : redactLinks(req.url) }) },
    }),
  );

  // Before anything answers: JSON and documents compressed as the client accepts (never an event stream).
  app.use(compressResponses());

  const limits = deps.rateLimits === undefined ? FR61_LIMITS : deps.rateLimits;
  // What FR-61's counter store last said, shared by the limiter and `/healthz` (always ok when limits are off).
  const rateLimitStore = new RateLimitHealth();
  app.use(healthRouter({ pool: deps.pool, temporal: deps.temporal, rateLimitStore }));
  app.use(probesRouter(deps));
  app.use(webAuthRouter({ pool: deps.pool, site }));
  app.use(oidcSignInRouter({ pool: deps.pool, site, logger: deps.logger, oidc: deps.oidc ?? null }));
  app.use(referenceRouter());

  // Issue 40 item 5: answer-in-place links, whose credential is the link itself — before `/api/v1`'s
  // authentication, behind the same admission control and rate limits (counted by the client's address).
  const linkDeps = { pool: deps.pool, temporal: deps.temporal, answerLinkKey: deps.answerLinkKey };
  const linkLimiter = limits ? rateLimit(deps.pool, limits, deps.logger, rateLimitStore, byAddress) : null;
  const linkAdmit = deps.admission ? admitWritesAt(deps.admission, ANSWER_LINK_PAGE_PATH, answerLinkRoutes.answerByLink) : null;
  app.use(
    answerLinkPages({ ...linkDeps, logger: deps.logger, databaseOutage: deps.databaseOutage }, { admit: linkAdmit, limiter: linkLimiter }),
  );
  // Issue 40 item 3: an email's one-click unsubscribe link, also its own credential, limited by address.
  if (linkLimiter) app.use(UNSUBSCRIBE_PAGE_PATH.replace(':token', ''), linkLimiter);
  app.use(unsubscribePages({ pool: deps.pool, answerLinkKey: deps.answerLinkKey, logger: deps.logger }));
  // Issue 40 item 4: Slack's presses, whose credential is Slack's signature — before `/api/v1` too.
  const slack = deps.slack ? slackApi(deps.slack) : null;
  app.use(slackInteractivity({ pool: deps.pool, temporal: deps.temporal, logger: deps.logger, settings: deps.slack ?? null, slack }));
  // Issue 43 item 4: MCP over Streamable HTTP for remote agents, an agent token (or the identity
  // provider's access token) as bearer. Its own
  // 401 (MCP's authorization asks for the resource metadata in it); its tools go through `/api/v1`.
  const mcpLimiter = limits ? rateLimit(deps.pool, limits, deps.logger, rateLimitStore) : null;
  app.use(
    mcpRouter({
      pool: deps.pool,
      site,
      oidc: deps.oidc ?? null,
      logger: deps.logger,
      limiter: mcpLimiter,
      answerLinkKey: deps.answerLinkKey,
      lifecycle: deps.lifecycle,
    }),
  );
  const links = express.Router();
  if (deps.admission) links.use(admitWrites(deps.admission, LINK_ROUTES));
  if (linkLimiter) links.use('/answer-links', linkLimiter);
  links.use('/answer-links', (req, res, next) =>
    req.method === 'GET' || req.method === 'HEAD' ? next() : express.json({ limit: '16kb', verify: verifyUtf8 })(req, res, next),
  );
  links.use('/answer-links', refuseNulText);
  mountLinkRoutes(links, { answerLinkRoutes: answerLinkHandlers(linkDeps) }, { checkResponses: deps.checkResponses ?? false });
  app.use('/api/v1', links);
  app.locals.linkRoutes = listApiRoutes(links);

  const api = express.Router();
  // First: a write refused for overload costs no query and changes nothing.
  if (deps.admission) api.use(admitWrites(deps.admission, API_ROUTES));
  api.use(requireAuth(deps.pool, site));
  if (limits) api.use(rateLimit(deps.pool, limits, deps.logger, rateLimitStore));
  // A GET or HEAD has no body to read (RFC 9110 §9.3.1), so none is parsed or refused.
  const json = express.json({ limit: '256kb', verify: verifyUtf8 });
  // A host prompt carries the tool's whole input, up to HOST_INPUT_MAX characters (issue 31 item 3):
  // as UTF-8, with JSON's escapes, that may take several bytes a character.
  const promptJson = express.json({ limit: '1mb', verify: verifyUtf8 });
  api.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    return (HOST_PROMPT_PATH.test(req.path) ? promptJson : json)(req, res, next);
  });
  api.use(refuseNulText);
  // Each resource's handlers, keyed as domain/routes/ declares it; the mount walks the declarations.
  const handlers: ApiHandlers = {
    decisionRoutes: {
      ...decisionHandlers({ ...deps, site }),
      ...decisionDocumentHandlers(deps),
      ...decisionWaitHandlers({ ...deps, longPollMaxMs }),
    },
    sessionDecisionRoutes: sessionDecisionHandlers(deps),
    missionRoutes: missionHandlers(deps),
    agentRoutes: agentHandlers(deps),
    taskRoutes: taskHandlers(deps),
    sessionRoutes: {
      ...sessionHandlers(deps),
      ...sessionMessageHandlers({ ...deps, longPollMaxMs }),
      ...sessionPromptHandlers(deps),
    },
    runRoutes: runHandlers(deps),
    activityRoutes: activityHandlers(deps),
    stackRoutes: stackHandlers(deps),
    approvalRoutes: approvalHandlers(deps),
    escalationRoutes: escalationHandlers(deps),
    inboxRoutes: inboxHandlers(deps),
    homeRoutes: homeHandlers(deps),
    healthSettingsRoutes: healthSettingsHandlers(deps),
    reminderSettingsRoutes: reminderSettingsHandlers(deps),
    approvalSettingsRoutes: approvalSettingsHandlers(deps),
    analyticsRoutes: analyticsHandlers(deps),
    webhookRoutes: webhookHandlers(deps),
    peopleRoutes: peopleHandlers(deps),
    signInRoutes: memberSignInHandlers(deps),
    teamRoutes: teamHandlers(deps),
    ruleRoutes: ruleHandlers(deps),
    assignmentRoutes: assignmentHandlers(deps),
    delegationRoutes: delegationHandlers(deps),
    notificationRoutes: notificationHandlers({ pool: deps.pool, configured: deps.notificationChannels ?? NO_CHANNELS_CONFIGURED }),
    pushRoutes: pushHandlers({ ...deps, vapidKeys: vapidKeysOf(deps.pool, deps.vapidKeys ? { keys: deps.vapidKeys } : {}) }),
    slackRoutes: slackHandlers({ pool: deps.pool, slack }),
    openApiRoutes: openApiHandlers(),
  };
  mountRoutes(api, handlers, { checkResponses: deps.checkResponses ?? false });
  refuseUndeclaredMethods(api, API_ROUTES);
  api.use((req) => {
    throw new DomainError('not_found', `No route ${req.method} ${req.originalUrl}.`);
  });
  app.use('/api/v1', api);
  app.locals.apiRoutes = listApiRoutes(api);

  app.use(webAssets(WEB_DIR));
  // The web queue's own pages (domain/app-routes.ts): each serves the app, which reads the URL.
  app.get(APP_PATHS, appShell(WEB_DIR));
  app.use(errorHandler(deps.logger, deps.databaseOutage));
  return app;
}
