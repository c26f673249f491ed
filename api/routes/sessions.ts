/**
 * `/api/v1/sessions` (declared in domain/routes/sessions.ts): a host registers its conversation
 * under its own id, keeps it alive with heartbeats, stops it, and reports its runs. Another
 * member's session reads as missing.
 */
import { actorOf } from '../../domain/principal';
import type { Pool } from '../../db/pool';
import { createRun, latestRun } from '../../db/runs';
import {
  ensureSession,
  heartbeat,
  listSessions as listSessionRows,
  requireSession,
  stopSession as stopSessionRow,
} from '../../db/sessions';
import { getSession, listSessions, putSession, reportRun, sessionHeartbeat, stopSession } from '../../domain/routes/sessions';
import { handle, reply, type MountedRoute } from '../mount-routes';

export function sessionHandlers(deps: { pool: Pool }): MountedRoute[] {
  return [
    handle(putSession, async ({ params, body }, { principal }) => ({
      session: await ensureSession(deps.pool, principal, { id: params.id, ...body }),
    })),
    handle(listSessions, async ({ query }, { principal }) => ({
      sessions: await listSessionRows(deps.pool, principal, query),
    })),
    handle(getSession, async ({ params }, { principal }) => {
      const session = await requireSession(deps.pool, principal, params.id);
      return { session: { ...session, latestRun: await latestRun(deps.pool, principal.workspaceId, session.id) } };
    }),
    handle(sessionHeartbeat, async ({ params }, { principal }) => ({
      session: await heartbeat(deps.pool, principal, params.id, actorOf(principal)),
    })),
    handle(stopSession, async ({ params }, { principal }) => ({
      session: await stopSessionRow(deps.pool, principal, params.id, actorOf(principal)),
    })),
    handle(reportRun, async ({ params, body }, { principal }) => {
      const session = await requireSession(deps.pool, principal, params.id);
      const run = await createRun(deps.pool, { workspaceId: principal.workspaceId, sessionId: session.id, ...body }, actorOf(principal));
      return reply(reportRun, { status: 201, body: { run } }, { location: `/api/v1/runs/${run.id}` });
    }),
  ];
}
