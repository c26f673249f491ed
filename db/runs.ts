/**
 * Runs and admission. Cast's restarts wait for a slot: a workspace holds at most
 * `run_concurrency` ready+running runs that Cast admitted, and a run leaving ready/running
 * hands its slot to the oldest queued run in the same transaction. Admission and status
 * changes lock the workspace row first (no key update, so inserts elsewhere are not held up),
 * which keeps concurrent admissions from overshooting and the lock order the same everywhere.
 */
import { SYSTEM_ACTOR, type Actor } from '../domain/activity';
import { DomainError, notFound } from '../domain/errors';
import {
  checkRunTransition,
  holdsSlot,
  isEnded,
  runTitle,
  type Run,
  type RunNames,
  type RunStatus,
  type RunWithSeedMessage,
} from '../domain/run';
import { recordBy } from './activity';
import { newId } from './ids';
import { withTransaction, type PoolClient, type Queryable } from './pool';
import { RUN_TITLE_PARTS } from './run-title';
import { type SessionAccess } from './sessions';

type RunRow = {
  id: string;
  session_id: string;
  status: RunStatus;
  seed_message_seq: number | null;
  restarted_from: string | null;
  decision_id: string | null;
  failure_reason: string | null;
  created_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
};

const RUN_COLUMNS = `id, session_id, status, seed_message_seq, restarted_from, decision_id, failure_reason,
  created_at, started_at, ended_at`;

// A run is reachable through its session: for an API caller, only in a session they own.
const VISIBLE = `workspace_id = $1 and id = $2 and exists (
  select 1 from sessions s where s.workspace_id = runs.workspace_id and s.id = runs.session_id
     and ($3::text is null or s.owner_member_id = $3) and ($4::text is null or s.agent_id = $4))`;

/** `VISIBLE`'s parameters. */
function visible(access: SessionAccess, id: string): unknown[] {
  return [access.workspaceId, id, access.memberId ?? null, access.agentId ?? null];
}

function toRun(row: RunRow): Run {
  return {
    id: row.id,
    sessionId: row.session_id,
    status: row.status,
    seedMessageSeq: row.seed_message_seq,
    restartedFrom: row.restarted_from,
    decisionId: row.decision_id,
    failureReason: row.failure_reason,
    createdAt: row.created_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    endedAt: row.ended_at?.toISOString() ?? null,
  };
}

export async function getRun(db: Queryable, access: SessionAccess, id: string): Promise<Run | null> {
  const { rows } = await db.query<RunRow>(`select ${RUN_COLUMNS} from runs where ${VISIBLE}`, visible(access, id));
  return rows[0] ? toRun(rows[0]) : null;
}

/**
 * A run read under its row lock, for delivery to settle a restart against (issue 38 item 4).
 * The workspace row is locked first, the order every run change takes, so this never deadlocks
 * with one; two answers to decisions the same run waits on then settle one after the other.
 */
export async function lockRun(db: Queryable, access: SessionAccess, id: string): Promise<Run | null> {
  await db.query('select 1 from workspaces where id = $1 for no key update', [access.workspaceId]);
  const { rows } = await db.query<RunRow>(`select ${RUN_COLUMNS} from runs where ${VISIBLE} for no key update`, visible(access, id));
  return rows[0] ? toRun(rows[0]) : null;
}

/**
 * How many decisions linked to the run are still open, besides `except`: a parked run waits on
 * every one of them, and restarts only when the last is answered (issue 38 item 4). Only those
 * filed in the run's session count — one with no session can deliver to no run — which is also
 * what lets the read use the session index.
 */
const OPEN_DECISIONS_OF_RUN = `select count(*)::int from decisions
  where workspace_id = $1 and session_id = $2 and status = 'open' and run_id = $3 and id <> $4`;

export async function openDecisionsOfRun(db: Queryable, run: Run & { workspaceId: string }, except: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(OPEN_DECISIONS_OF_RUN, [run.workspaceId, run.sessionId, run.id, except]);
  return rows[0]!.count;
}

/** The session's newest run, or null when it has none. */
/**
 * The caller's runs in one status, oldest first, each with the body of the message it starts
 * from: what a restart runner needs to claim a ready run and start its agent with the answer.
 */
/** The names the run page shows in place of ids (the caller has already read the run, so it may see it). */
export async function runNames(db: Queryable, workspaceId: string, run: Run): Promise<RunNames> {
  const { rows } = await db.query<{ agent: string | null; task: string | null; scope: string | null; task_id: string | null }>(
    `select n.* from runs r, lateral (${RUN_TITLE_PARTS}) n where r.workspace_id = $1 and r.id = $2`,
    [workspaceId, run.id],
  );
  const parts = rows[0] ?? { agent: null, task: null, scope: null, task_id: null };
  const restartedBy = run.decisionId
    ? await db.query<{ question: string }>(`select question from decisions where workspace_id = $1 and id = $2`, [
        workspaceId,
        run.decisionId,
      ])
    : null;
  return {
    title: runTitle(parts),
    agentName: parts.agent,
    taskId: parts.task_id,
    taskTitle: parts.task,
    decisionQuestion: restartedBy?.rows[0]?.question ?? null,
  };
}

export async function listRuns(
  db: Queryable,
  access: SessionAccess,
  query: { status: RunStatus; session?: string | undefined; scope?: string | undefined; limit: number },
): Promise<RunWithSeedMessage[]> {
  const { rows } = await db.query<RunRow & { seed_message: string | null }>(
    `select ${RUN_COLUMNS.split(',')
      .map((column) => `r.${column.trim()}`)
      .join(', ')}, m.body as seed_message
       from runs r
       join sessions s on s.workspace_id = r.workspace_id and s.id = r.session_id
       left join session_messages m on m.workspace_id = r.workspace_id and m.seq = r.seed_message_seq
      where r.workspace_id = $1 and r.status = $2 and ($3::text is null or s.owner_member_id = $3)
        and ($5::text is null or s.agent_id = $5) and ($6::text is null or s.id = $6) and ($7::text is null or s.scope = $7)
      order by r.created_at, r.id limit $4`,
    [
      access.workspaceId,
      query.status,
      access.memberId ?? null,
      query.limit,
      access.agentId ?? null,
      query.session ?? null,
      query.scope ?? null,
    ],
  );
  return rows.map((row) => ({ ...toRun(row), seedMessage: row.seed_message }));
}

/**
 * Which of a session's runs is its latest: the one delivery acts on when a decision names no
 * run of its own, and the one the decision detail reads to say what answering will do (FR-31).
 */
export const LATEST_RUN_FIRST = 'order by created_at desc, started_at desc nulls last';

export async function latestRun(db: Queryable, workspaceId: string, sessionId: string): Promise<Run | null> {
  const { rows } = await db.query<RunRow>(
    `select ${RUN_COLUMNS} from runs where workspace_id = $1 and session_id = $2 ${LATEST_RUN_FIRST} limit 1`,
    [workspaceId, sessionId],
  );
  return rows[0] ? toRun(rows[0]) : null;
}

export type NewHostRun = { workspaceId: string; sessionId: string; status: 'running' | 'parked' };

/** A host reports a run it executes (or parked). It is already running, so admission does not apply. */
export async function createRun(db: Queryable, run: NewHostRun, actor: Actor): Promise<Run> {
  return withTransaction(db, async (client) => {
    const session = await client.query('select 1 from sessions where workspace_id = $1 and id = $2', [run.workspaceId, run.sessionId]);
    if (session.rowCount === 0) throw notFound('session');
    const { rows } = await client.query<RunRow>(
      `insert into runs (id, workspace_id, session_id, status, started_at) values ($1, $2, $3, $4, now())
       returning ${RUN_COLUMNS}`,
      [newId('run'), run.workspaceId, run.sessionId, run.status],
    );
    const created = toRun(rows[0]!);
    await recordBy(client, actor, {
      workspaceId: run.workspaceId,
      subjectKind: 'run',
      subjectId: created.id,
      kind: 'created',
      detail: { sessionId: run.sessionId, status: created.status },
    });
    return created;
  });
}

async function lockWorkspace(client: PoolClient, workspaceId: string): Promise<number> {
  const { rows } = await client.query<{ run_concurrency: number }>(
    'select run_concurrency from workspaces where id = $1 for no key update',
    [workspaceId],
  );
  if (!rows[0]) throw new DomainError('not_found', 'There is no such workspace.');
  return rows[0].run_concurrency;
}

async function slotsInUse(client: PoolClient, workspaceId: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from runs where workspace_id = $1 and status in ('ready', 'running')`,
    [workspaceId],
  );
  return rows[0]!.n;
}

/** Hands free slots to the oldest queued runs. Call with the workspace row locked. */
async function promoteQueued(client: PoolClient, workspaceId: string, concurrency: number): Promise<Run[]> {
  const free = concurrency - (await slotsInUse(client, workspaceId));
  if (free <= 0) return [];
  const { rows } = await client.query<RunRow>(
    `update runs set status = 'ready' where id in (
       select id from runs where workspace_id = $1 and status = 'queued' order by created_at, id limit $2)
     returning ${RUN_COLUMNS}`,
    [workspaceId, free],
  );
  for (const row of rows) {
    await recordBy(client, SYSTEM_ACTOR, {
      workspaceId,
      subjectKind: 'run',
      subjectId: row.id,
      kind: 'status_changed',
      detail: { from: 'queued', to: 'ready', reason: 'slot_freed' },
    });
  }
  return rows.map(toRun);
}

export type RunStatusChange = { status: RunStatus; failureReason?: string };

/**
 * Moves a run along `RUN_TRANSITIONS` (anything else is `invalid_transition`, 409). Becoming
 * ready needs a free slot; leaving ready/running promotes queued runs into the freed slot.
 * `onlyFrom` narrows the statuses the change may start from (`run_not_ready` otherwise),
 * checked under the run's row lock, so it cannot race a host's claim.
 */
export async function updateRunStatus(
  db: Queryable,
  access: SessionAccess,
  runId: string,
  change: RunStatusChange,
  actor: Actor = SYSTEM_ACTOR,
  onlyFrom?: readonly RunStatus[],
): Promise<Run> {
  return withTransaction(db, async (client) => {
    const concurrency = await lockWorkspace(client, access.workspaceId);
    const current = await client.query<RunRow>(
      `select ${RUN_COLUMNS} from runs where ${VISIBLE} for no key update`,
      visible(access, runId),
    );
    const from = current.rows[0]?.status;
    if (!from) throw notFound('run');
    if (onlyFrom && !onlyFrom.includes(from)) {
      throw new DomainError('run_not_ready', `The run is ${from}; it was not changed.`, { status: from });
    }
    const to = change.status;
    const rejection = checkRunTransition(from, to);
    if (rejection) throw DomainError.from(rejection);
    if (to === 'ready' && (await slotsInUse(client, access.workspaceId)) >= concurrency) {
      throw new DomainError(
        'invalid_transition',
        `No run slot is free (the workspace runs at most ${concurrency}); the run stays ${from}.`,
        {
          from,
          to,
        },
      );
    }
    const { rows } = await client.query<RunRow>(
      `update runs set status = $3,
              started_at = case when $3 = 'running' then coalesce(started_at, now()) else started_at end,
              ended_at = case when $4 then now() else ended_at end,
              failure_reason = case when $3 = 'failed' then $5 else failure_reason end
        where workspace_id = $1 and id = $2 returning ${RUN_COLUMNS}`,
      [access.workspaceId, runId, to, isEnded(to), change.failureReason ?? null],
    );
    await recordBy(client, actor, {
      workspaceId: access.workspaceId,
      subjectKind: 'run',
      subjectId: runId,
      kind: 'status_changed',
      detail: { from, to, ...(change.failureReason ? { failureReason: change.failureReason } : {}) },
    });
    if (holdsSlot(from) && !holdsSlot(to)) await promoteQueued(client, access.workspaceId, concurrency);
    return toRun(rows[0]!);
  });
}

/** A host takes a ready run (ready → running); a run in any other status is `run_not_ready`, 409. */
export async function claimRun(db: Queryable, access: SessionAccess, runId: string, actor: Actor): Promise<Run> {
  return withTransaction(db, async (client) => {
    const params = visible(access, runId);
    const { rows } = await client.query<RunRow>(
      `update runs set status = 'running', started_at = now() where ${VISIBLE} and status = 'ready' returning ${RUN_COLUMNS}`,
      params,
    );
    if (!rows[0]) {
      const current = await client.query<RunRow>(`select ${RUN_COLUMNS} from runs where ${VISIBLE}`, params);
      const status = current.rows[0]?.status;
      if (!status) throw notFound('run');
      throw new DomainError('run_not_ready', `The run is ${status}; only a ready run can be claimed.`, { status });
    }
    await recordBy(client, actor, {
      workspaceId: access.workspaceId,
      subjectKind: 'run',
      subjectId: runId,
      kind: 'claimed',
      detail: { from: 'ready', to: 'running' },
    });
    return toRun(rows[0]);
  });
}

export type Restart = {
  workspaceId: string;
  sessionId: string;
  /** The delivered message the new run starts from. */
  seedMessageSeq: number;
  /** The (parked) run this one continues. */
  restartedFrom: string | null;
  decisionId: string | null;
};

/**
 * Admits a restart as a new run in the same session: `ready` when the workspace has a free
 * slot, else `queued` ("Queued — waiting for a free slot."). Idempotent per seed message, so a
 * retried delivery never starts the same restart twice.
 */
export async function admitRestart(db: Queryable, restart: Restart, actor: Actor = SYSTEM_ACTOR): Promise<Run> {
  return withTransaction(db, async (client) => {
    const concurrency = await lockWorkspace(client, restart.workspaceId);
    const { workspaceId, sessionId } = restart;
    const existing = await client.query<RunRow>(
      `select ${RUN_COLUMNS} from runs where workspace_id = $1 and session_id = $2 and seed_message_seq = $3 order by created_at limit 1`,
      [workspaceId, sessionId, restart.seedMessageSeq],
    );
    if (existing.rows[0]) return toRun(existing.rows[0]);

    const seed = await client.query('select 1 from session_messages where workspace_id = $1 and session_id = $2 and seq = $3', [
      workspaceId,
      sessionId,
      restart.seedMessageSeq,
    ]);
    if (seed.rowCount === 0) throw new DomainError('not_found', 'The seed message is not in this session.');
    if (restart.restartedFrom) {
      const previous = await client.query('select 1 from runs where workspace_id = $1 and session_id = $2 and id = $3', [
        workspaceId,
        sessionId,
        restart.restartedFrom,
      ]);
      if (previous.rowCount === 0) throw notFound('run');
    }

    const status: RunStatus = (await slotsInUse(client, workspaceId)) < concurrency ? 'ready' : 'queued';
    const { rows } = await client.query<RunRow>(
      `insert into runs (id, workspace_id, session_id, status, seed_message_seq, restarted_from, decision_id)
       values ($1, $2, $3, $4, $5, $6, $7) returning ${RUN_COLUMNS}`,
      [newId('run'), workspaceId, sessionId, status, restart.seedMessageSeq, restart.restartedFrom, restart.decisionId],
    );
    const run = toRun(rows[0]!);
    await recordBy(client, actor, {
      workspaceId,
      subjectKind: 'run',
      subjectId: run.id,
      kind: 'created',
      detail: {
        sessionId,
        status,
        restartedFrom: restart.restartedFrom,
        decisionId: restart.decisionId,
        seedMessageSeq: restart.seedMessageSeq,
      },
    });
    return run;
  });
}
