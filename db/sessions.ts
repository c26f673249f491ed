/**
 * Sessions, named by their host and owned by one member. Reads and writes take a
 * `SessionAccess`: with a `memberId` (an API caller) another member's session reads exactly
 * like a missing one; with an `agentId` too (an agent token) so does another agent's; without
 * either (Cast's own delivery) any session of the workspace is reachable.
 */
import { SYSTEM_ACTOR, type Actor } from '../domain/activity';
import { notFound } from '../domain/errors';
import { livenessOf, type Session } from '../domain/session';
import { recordBy } from './activity';
import { getAgent } from './agents';
import { withTransaction, type Pool, type Queryable } from './pool';
import { waitingOnPerson } from './waiting-on-person';
import { actorOf, agentMismatch, agentOf, type Principal } from '../domain/principal';

export type SessionAccess = { workspaceId: string; memberId?: string; agentId?: string | null };

type SessionRow = {
  id: string;
  owner_member_id: string;
  agent_id: string | null;
  scope: string | null;
  message_count: number;
  last_heartbeat_at: Date | null;
  stopped_at: Date | null;
  created_at: Date;
  // The database's clock, so liveness means the same in every API process.
  now: Date;
  /** Absent where a write returns the row (a heartbeat is the host itself, live). */
  waiting_on_person?: boolean;
};

/** With whether the session waits on a person (issue 31 item 7), the same rule the queue ranks by. */
const SESSION_COLUMNS = `id, owner_member_id, agent_id, scope, message_count, last_heartbeat_at, stopped_at, created_at, now() as now,
  ${waitingOnPerson('sessions')} as waiting_on_person`;

function toSession(row: SessionRow): Session {
  return {
    id: row.id,
    ownerMemberId: row.owner_member_id,
    agentId: row.agent_id,
    scope: row.scope,
    liveness: livenessOf(
      { stoppedAt: row.stopped_at, lastHeartbeatAt: row.last_heartbeat_at, waitingOnPerson: row.waiting_on_person ?? false },
      row.now,
    ),
    messageCount: row.message_count,
    lastHeartbeatAt: row.last_heartbeat_at?.toISOString() ?? null,
    stoppedAt: row.stopped_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

export type EnsureSession = { id: string; scope?: string | null; agentId?: string | null };

/**
 * The first use of an unknown id registers the session, owned by the caller; later uses may
 * set its scope or agent (`undefined` leaves them, `null` clears them). A session that another
 * member owns is refused as not found.
 */
export async function ensureSession(db: Queryable, principal: Principal, input: EnsureSession): Promise<Session> {
  const ownAgent = agentOf(principal);
  // An agent token registers its sessions as its own agent's, and names no other.
  if (ownAgent && input.agentId && input.agentId !== ownAgent) throw agentMismatch();
  if (ownAgent) input = { ...input, agentId: ownAgent };
  return withTransaction(db, async (client) => {
    if (input.agentId && !(await getAgent(client, principal.workspaceId, input.agentId))) throw notFound('agent');
    const { rows } = await client.query<SessionRow & { inserted: boolean }>(
      `insert into sessions (workspace_id, id, owner_member_id, scope, agent_id) values ($1, $2, $3, $5, $7)
       on conflict (workspace_id, id) do update set
         scope = case when $4 then excluded.scope else sessions.scope end,
         agent_id = case when $6 then excluded.agent_id else sessions.agent_id end
       where sessions.owner_member_id = $3 and ($8::text is null or sessions.agent_id = $8)
       returning ${SESSION_COLUMNS}, (xmax = 0) as inserted`,
      [
        principal.workspaceId,
        input.id,
        principal.memberId,
        input.scope !== undefined,
        input.scope ?? null,
        input.agentId !== undefined,
        input.agentId ?? null,
        ownAgent,
      ],
    );
    const row = rows[0];
    if (!row) throw notFound('session');
    if (row.inserted) {
      await recordBy(client, actorOf(principal), {
        workspaceId: principal.workspaceId,
        subjectKind: 'session',
        subjectId: row.id,
        kind: 'registered',
        detail: { scope: row.scope, agentId: row.agent_id },
      });
    }
    return toSession(row);
  });
}

const OWNED = `workspace_id = $1 and id = $2 and ($3::text is null or owner_member_id = $3) and ($4::text is null or agent_id = $4)`;

/** `OWNED`'s parameters. */
function owned(access: SessionAccess, id: string): unknown[] {
  return [access.workspaceId, id, access.memberId ?? null, access.agentId ?? null];
}

export async function getSession(db: Queryable, access: SessionAccess, id: string): Promise<Session | null> {
  const { rows } = await db.query<SessionRow>(`select ${SESSION_COLUMNS} from sessions where ${OWNED}`, owned(access, id));
  return rows[0] ? toSession(rows[0]) : null;
}

/** Like `getSession`, but a missing (or unreachable) session is `session_not_found`. */
export async function requireSession(db: Queryable, access: SessionAccess, id: string): Promise<Session> {
  const session = await getSession(db, access, id);
  if (!session) throw notFound('session');
  return session;
}

export type SessionListQuery = { scope?: string; limit: number };

/** Newest first. */
export async function listSessions(pool: Pool, access: SessionAccess, query: SessionListQuery): Promise<Session[]> {
  const { rows } = await pool.query<SessionRow>(
    `select ${SESSION_COLUMNS} from sessions
      where workspace_id = $1 and ($2::text is null or owner_member_id = $2) and ($3::text is null or scope = $3)
        and ($5::text is null or agent_id = $5)
      order by created_at desc, id limit $4`,
    [access.workspaceId, access.memberId ?? null, query.scope ?? null, query.limit, access.agentId ?? null],
  );
  return rows.map(toSession);
}

/** The host is alive. A heartbeat on a stopped session means its host resumed it. */
export async function heartbeat(db: Queryable, access: SessionAccess, id: string, actor: Actor = SYSTEM_ACTOR): Promise<Session> {
  return withTransaction(db, async (client) => {
    const { rows } = await client.query<SessionRow & { was_stopped: boolean }>(
      `update sessions s set last_heartbeat_at = now(), stopped_at = null
         from (select stopped_at is not null as was_stopped from sessions where ${OWNED} for no key update) prev
        where s.workspace_id = $1 and s.id = $2
        returning s.id, s.owner_member_id, s.agent_id, s.scope, s.message_count, s.last_heartbeat_at, s.stopped_at,
                  s.created_at, now() as now, prev.was_stopped`,
      owned(access, id),
    );
    const row = rows[0];
    if (!row) throw notFound('session');
    if (row.was_stopped) {
      await recordBy(client, actor, {
        workspaceId: access.workspaceId,
        subjectKind: 'session',
        subjectId: id,
        kind: 'resumed',
      });
    }
    return toSession(row);
  });
}

/** Marks the session stopped (idempotent: stopping twice keeps the first time). */
export async function stopSession(db: Queryable, access: SessionAccess, id: string, actor: Actor): Promise<Session> {
  return withTransaction(db, async (client) => {
    const { rows } = await client.query<SessionRow & { was_stopped: boolean }>(
      `update sessions s set stopped_at = coalesce(s.stopped_at, now())
         from (select stopped_at is not null as was_stopped from sessions where ${OWNED} for no key update) prev
        where s.workspace_id = $1 and s.id = $2
        returning s.id, s.owner_member_id, s.agent_id, s.scope, s.message_count, s.last_heartbeat_at, s.stopped_at,
                  s.created_at, now() as now, prev.was_stopped`,
      owned(access, id),
    );
    const row = rows[0];
    if (!row) throw notFound('session');
    if (!row.was_stopped) {
      await recordBy(client, actor, { workspaceId: access.workspaceId, subjectKind: 'session', subjectId: id, kind: 'stopped' });
    }
    return toSession(row);
  });
}
