/**
 * `/api/v1/inbox` (declared in domain/routes/inbox.ts): approvals and escalations as messages
 * (§6.16), each with the decision that carries it; a reply answers the record through the
 * same resolution path as every other door (FR-29).
 */
import { listInbox as listInboxRows } from '../../db/inbox';
import type { Pool } from '../../db/pool';
import { listInbox, replyToInbox } from '../../domain/routes/inbox';
import { handle, type MountedRoute } from '../mount-routes';
import { replyToInbox as replyTo } from '../services/records';
import type { TemporalGateway } from '../temporal-gateway';

export function inboxHandlers(deps: { pool: Pool; temporal: TemporalGateway }): MountedRoute[] {
  return [
    handle(listInbox, async ({ query }, { principal }) => ({
      messages: await listInboxRows(deps.pool, principal.workspaceId, query.limit),
    })),
    handle(replyToInbox, async ({ params, body }, { principal }) => replyTo(deps, principal, params.id, body.text)),
  ];
}
