/** The Express application: health, the web shell, and the authenticated `/api/v1`. */
import helmet from 'helmet';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import { fileURLToPath } from 'node:url';
import { DomainError } from '../domain/errors';
import { APP_PATHS } from '../domain/app-routes';
import type { Pool } from '../db/pool';
import type { Logger } from '../runtime/logger';
import { requireAuth } from './auth';
import { refuseNulText } from './plain-text';
import { errorHandler } from './problem';
import { openApiHandlers } from './routes/openapi';
import { referenceRouter } from './openapi/reference-router';
import { activityHandlers } from './routes/activity';
import { agentHandlers } from './routes/agents';
import { decisionHandlers } from './routes/decisions';
import { decisionDocumentHandlers } from './routes/decision-documents';
import { decisionWaitHandlers } from './routes/decision-wait';
import { sessionDecisionHandlers } from './routes/session-decisions';
import { healthRouter } from './routes/health';
import { missionHandlers } from './routes/missions';
import { mountRoutes, type ApiHandlers } from './mount-routes';
import { refuseUndeclaredMethods } from './method-not-allowed';
import { API_ROUTES } from '../domain/routes/index';
import { runHandlers } from './routes/runs';
import { sessionMessageHandlers } from './routes/session-messages';
import { sessionHandlers } from './routes/sessions';
import { taskHandlers } from './routes/tasks';
import { webAuthRouter } from './routes/web-auth';
import { analyticsHandlers } from './routes/analytics';
import { approvalHandlers } from './routes/approvals';
import { escalationHandlers } from './routes/escalations';
import { homeHandlers } from './routes/home';
import { inboxHandlers } from './routes/inbox';
import { healthSettingsHandlers } from './routes/health-settings';
import { sessionPromptHandlers } from './routes/session-prompts';
import { stackHandlers } from './routes/stacks';
import { FR61_LIMITS, rateLimit, type RateLimits } from './rate-limit';
import { RateLimitHealth } from './rate-limit-health';
import { listApiRoutes } from './route-list';
import { webhookHandlers } from './routes/webhooks';
import { peopleHandlers } from './routes/people';
import type { TemporalGateway } from './temporal-gateway';
import { admitWrites } from './admit-writes';
import type { WriteAdmission } from './write-admission';

export type AppDeps = {
  pool: Pool;
  temporal: TemporalGateway;
  logger: Logger;
  undoWindowMs?: number;
  /** How many decisions one agent may keep open (200 unless a test says otherwise). */
  openPerAgent?: number;
  /** FR-61's per-member limits; `null` turns them off (tests and benchmarks that measure throughput). */
  rateLimits?: RateLimits | null;
  /** Parse every answer with its declared schema, so a handler that drifts fails (the test suite). */
  checkResponses?: boolean;
  /** Accept webhook endpoints on loopback and private addresses (development and the test suite). */
  allowPrivateWebhooks?: boolean;
  /** Admission control for writes that reach Temporal; absent, none (api/server.ts always gives one). */
  admission?: WriteAdmission;
};

const WEB_DIR = fileURLToPath(new URL('../ui/dist/', import.meta.url));

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
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
  app.use(pinoHttp({ logger: deps.logger, autoLogging: { ignore: (req) => req.url === '/healthz' } }));

  const limits = deps.rateLimits === undefined ? FR61_LIMITS : deps.rateLimits;
  // What FR-61's counter store last said, shared by the limiter and `/healthz` (always ok when limits are off).
  const rateLimitStore = new RateLimitHealth();
  app.use(healthRouter({ pool: deps.pool, temporal: deps.temporal, rateLimitStore }));
  app.use(webAuthRouter(deps));
  app.use(referenceRouter());

  const api = express.Router();
  // First: a write refused for overload costs no query and changes nothing.
  if (deps.admission) api.use(admitWrites(deps.admission, API_ROUTES));
  api.use(requireAuth(deps.pool));
  if (limits) api.use(rateLimit(deps.pool, limits, deps.logger, rateLimitStore));
  // A GET or HEAD has no body to read (RFC 9110 §9.3.1), so none is parsed or refused.
  const json = express.json({ limit: '256kb' });
  api.use((req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? next() : json(req, res, next)));
  api.use(refuseNulText);
  // Each resource's handlers, keyed as domain/routes/ declares it; the mount walks the declarations.
  const handlers: ApiHandlers = {
    decisionRoutes: { ...decisionHandlers(deps), ...decisionDocumentHandlers(deps), ...decisionWaitHandlers(deps) },
    sessionDecisionRoutes: sessionDecisionHandlers(deps),
    missionRoutes: missionHandlers(deps),
    agentRoutes: agentHandlers(deps),
    taskRoutes: taskHandlers(deps),
    sessionRoutes: { ...sessionHandlers(deps), ...sessionMessageHandlers(deps), ...sessionPromptHandlers(deps) },
    runRoutes: runHandlers(deps),
    activityRoutes: activityHandlers(deps),
    stackRoutes: stackHandlers(deps),
    approvalRoutes: approvalHandlers(deps),
    escalationRoutes: escalationHandlers(deps),
    inboxRoutes: inboxHandlers(deps),
    homeRoutes: homeHandlers(deps),
    healthSettingsRoutes: healthSettingsHandlers(deps),
    analyticsRoutes: analyticsHandlers(deps),
    webhookRoutes: webhookHandlers(deps),
    peopleRoutes: peopleHandlers(deps),
    openApiRoutes: openApiHandlers(),
  };
  mountRoutes(api, handlers, { checkResponses: deps.checkResponses ?? false });
  refuseUndeclaredMethods(api, API_ROUTES);
  api.use((req) => {
    throw new DomainError('not_found', `No route ${req.method} ${req.originalUrl}.`);
  });
  app.use('/api/v1', api);
  app.locals.apiRoutes = listApiRoutes(api);

  app.use(express.static(WEB_DIR, { index: false }));
  // The web queue's own pages (domain/app-routes.ts): each serves the app, which reads the URL.
  app.get(APP_PATHS, (_req, res) => res.sendFile('index.html', { root: WEB_DIR }));
  app.use(errorHandler(deps.logger));
  return app;
}
