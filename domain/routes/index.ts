/**
 * Every `/api/v1` route declared in domain/routes/, in the order the API mounts them (a
 * literal path before a parameter that would match it, within each resource's object). The
 * API mounts its handlers by walking this list (api/mount-routes.ts); the OpenAPI document,
 * the clients and the tests that walk every route read it too.
 */
import { activityRoutes } from './activity';
import { answerLinkRoutes } from './answer-links';
import { decisionRoutes } from './decisions';
import { agentRoutes } from './agents';
import { missionRoutes } from './missions';
import { notificationRoutes } from './notifications';
import { runRoutes } from './runs';
import { sessionDecisionRoutes } from './session-decisions';
import { sessionRoutes } from './sessions';
import { taskRoutes } from './tasks';
import { analyticsRoutes } from './analytics';
import { approvalRoutes } from './approvals';
import { escalationRoutes } from './escalations';
import { healthSettingsRoutes } from './health-settings';
import { homeRoutes } from './home';
import { inboxRoutes } from './inbox';
import { openApiRoutes } from './openapi';
import { peopleRoutes } from './people';
import { reminderSettingsRoutes } from './reminder-settings';
import { approvalSettingsRoutes } from './approval-settings';
import { pushRoutes } from './push';
import { stackRoutes } from './stacks';
import { webhookRoutes } from './webhooks';
import { slackRoutes } from './slack';
import { teamRoutes } from './teams';
import { ruleRoutes } from './rules';
import { assignmentRoutes } from './assignments';
import { delegationRoutes } from './delegations';
import { signInRoutes } from './sign-in';
import type { RouteContract } from './route';

/** Each resource's declarations, keyed by name, in the order the API mounts them. */
export const API_RESOURCES = {
  decisionRoutes,
  assignmentRoutes,
  sessionDecisionRoutes,
  missionRoutes,
  agentRoutes,
  taskRoutes,
  sessionRoutes,
  runRoutes,
  activityRoutes,
  stackRoutes,
  approvalRoutes,
  escalationRoutes,
  inboxRoutes,
  homeRoutes,
  healthSettingsRoutes,
  reminderSettingsRoutes,
  approvalSettingsRoutes,
  analyticsRoutes,
  webhookRoutes,
  peopleRoutes,
  signInRoutes,
  teamRoutes,
  ruleRoutes,
  delegationRoutes,
  notificationRoutes,
  pushRoutes,
  slackRoutes,
  openApiRoutes,
};

export type ApiResources = typeof API_RESOURCES;

export const API_ROUTES: readonly RouteContract[] = Object.values(API_RESOURCES).flatMap((resource): RouteContract[] =>
  Object.values(resource),
);

/**
 * The routes whose credential is an answer-in-place link in the path, not a token or a session
 * (issue 40 item 5): mounted before `/api/v1`'s authentication, listed in the same OpenAPI document.
 */
export const LINK_RESOURCES = { answerLinkRoutes };

export type LinkResources = typeof LINK_RESOURCES;

export const LINK_ROUTES: readonly RouteContract[] = Object.values(LINK_RESOURCES).flatMap((resource): RouteContract[] =>
  Object.values(resource),
);

/** Every declared route: what the OpenAPI document describes and request metrics name. */
export const DECLARED_ROUTES: readonly RouteContract[] = [...LINK_ROUTES, ...API_ROUTES];
