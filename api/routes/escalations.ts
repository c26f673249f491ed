/**
 * `/api/v1/escalations` (declared in domain/routes/escalations.ts): an agent that gives up
 * raises one (a second raise by the same principal with its open one's dedupe key updates it);
 * a person resolves it here, in the queue, through the chat tool or from its Inbox message — one
 * resolution either way (FR-29).
 */
import { notFound } from '../../domain/errors';
import { getEscalation, listEscalations } from '../../db/escalations';
import type { Pool } from '../../db/pool';
import { escalationRoutes } from '../../domain/routes/escalations';
import { reply, type Handlers } from '../mount-routes';
import { raiseEscalation, resolveEscalation } from '../services/records';
import type { TemporalGateway } from '../temporal-gateway';

export function escalationHandlers(deps: {
  pool: Pool;
  temporal: TemporalGateway;
  undoWindowMs?: number;
}): Handlers<typeof escalationRoutes> {
  return {
    raiseEscalation: async ({ body }, { principal }) => {
      const { escalation, created } = await raiseEscalation(deps, principal, body);
      const location = { location: `/api/v1/escalations/${escalation.id}` };
      return created
        ? reply(escalationRoutes.raiseEscalation, { status: 201, body: { escalation, updated: false } }, location)
        : reply(escalationRoutes.raiseEscalation, { status: 200, body: { escalation, updated: true } }, location);
    },
    listEscalations: async ({ query: { task, ...query } }, { principal }) => ({
      escalations: await listEscalations(deps.pool, principal.workspaceId, { ...query, ...(task ? { taskId: task } : {}) }),
    }),
    getEscalation: async ({ params }, { principal }) => {
      const escalation = await getEscalation(deps.pool, principal.workspaceId, params.id);
      if (!escalation) throw notFound('escalation');
      return { escalation };
    },
    resolveEscalation: async ({ params, body }, { principal, res }) => ({
      escalation: await resolveEscalation(deps, principal, params.id, body, res.locals.channel),
    }),
  };
}
