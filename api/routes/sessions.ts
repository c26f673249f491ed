/**
 * `/api/v1/sessions` (declared in domain/routes/sessions.ts): a host registers its conversation
 * under its own id, keeps it alive with heartbeats, stops it, and reports its runs. Another
 * member's session reads as missing.
 */
import { actorOf } from '../../domain/principal';
import type { Pool } from '../../db/pool';
import { createRun, latestRun } from '../../db/runs';
import { ensureSession, heartbeat, listSessions, requireSession, stopSession } from '../../db/sessions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { reply, type Handlers } from '../mount-routes';

export function sessionHandlers(deps: {
  pool: Pool;
}): Handlers<Pick<typeof sessionRoutes, 'putSession' | 'listSessions' | 'getSession' | 'sessionHeartbeat' | 'stopSession' | 'reportRun'>> {
  return {
    putSession: async ({ params, body }, { principal }) => ({
      session: await ensureSession(deps.pool, principal, { id: params.id, ...body }),
    }),
    listSessions: async ({ query }, { principal }) => ({
      sessions: await listSessions(deps.pool, principal, query),
    }),
    getSession: async ({ params }, { principal }) => {
      const session = await requireSession(deps.pool, principal, params.id);
      return { session: { ...session, latestRun: await latestRun(deps.pool, principal.workspaceId, session.id) } };
    },
    sessionHeartbeat: async ({ params }, { principal }) => ({
      session: await heartbeat(deps.pool, principal, params.id, actorOf(principal)),
    }),
    stopSession: async ({ params }, { principal }) => ({
      session: await stopSession(deps.pool, principal, params.id, actorOf(principal)),
    }),
    reportRun: async ({ params, body }, { principal }) => {
      const session = await requireSession(deps.pool, principal, params.id);
      const run = await createRun(deps.pool, { workspaceId: principal.workspaceId, sessionId: session.id, ...body }, actorOf(principal));
      return reply(sessionRoutes.reportRun, { status: 201, body: { run } }, { location: `/api/v1/runs/${run.id}` });
    },
  };
}
