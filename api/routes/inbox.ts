/**
 * `/api/v1/inbox` (declared in domain/routes/inbox.ts): approvals and escalations as messages
 * (§6.16), each with the decision that carries it; a reply answers the record through the
 * same resolution path as every other door (FR-29).
 */
import { listInbox } from '../../db/inbox';
import type { Pool } from '../../db/pool';
import type { inboxRoutes } from '../../domain/routes/inbox';
import { type Handlers } from '../mount-routes';
import { replyToInbox } from '../services/records';
import type { TemporalGateway } from '../temporal-gateway';

export function inboxHandlers(deps: { pool: Pool; temporal: TemporalGateway }): Handlers<typeof inboxRoutes> {
  return {
    listInbox: async ({ query }, { principal }) => ({
      messages: await listInbox(deps.pool, principal.workspaceId, query.limit),
    }),
    replyToInbox: async ({ params, body }, { principal }) => replyToInbox(deps, principal, params.id, body.text),
  };
}
