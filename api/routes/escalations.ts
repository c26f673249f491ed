/**
 * `/api/v1/escalations` (declared in domain/routes/escalations.ts): an agent that gives up
 * raises one (a second raise with an open one's dedupe key updates it); a person resolves it
 * here, in the queue, through the chat tool or from its Inbox message — one resolution either
 * way (FR-29).
 */
import { notFound } from '../../domain/errors';
import { getEscalation as getEscalationRow, listEscalations as listEscalationRows } from '../../db/escalations';
import type { Pool } from '../../db/pool';
import { getEscalation, listEscalations, raiseEscalation, resolveEscalation } from '../../domain/routes/escalations';
import { handle, reply, type MountedRoute } from '../mount-routes';
import { raiseEscalation as raise, resolveEscalation as resolve } from '../services/records';
import type { TemporalGateway } from '../temporal-gateway';

export function escalationHandlers(deps: { pool: Pool; temporal: TemporalGateway; undoWindowMs?: number }): MountedRoute[] {
  return [
    handle(raiseEscalation, async ({ body }, { principal }) => {
      const { escalation, created } = await raise(deps, principal, body);
      const location = { location: `/api/v1/escalations/${escalation.id}` };
      return created
        ? reply(raiseEscalation, { status: 201, body: { escalation, updated: false } }, location)
        : reply(raiseEscalation, { status: 200, body: { escalation, updated: true } }, location);
    }),
    handle(listEscalations, async ({ query: { task, ...query } }, { principal }) => ({
      escalations: await listEscalationRows(deps.pool, principal.workspaceId, { ...query, ...(task ? { taskId: task } : {}) }),
    })),
    handle(getEscalation, async ({ params }, { principal }) => {
      const escalation = await getEscalationRow(deps.pool, principal.workspaceId, params.id);
      if (!escalation) throw notFound('escalation');
      return { escalation };
    }),
    handle(resolveEscalation, async ({ params, body }, { principal }) => ({
      escalation: await resolve(deps, principal, params.id, body),
    })),
  ];
}
