/**
 * Tasks and their blockers. A task is `blocked` while it has an open blocker and remembers
 * the status it came from; when the last blocker resolves it returns there (FR-33).
 * Writers lock the task row, so concurrent blocks and resolutions see each other. A deleted
 * task (`deleted_at`) is hidden from reads but writers still work on it, so a late unblock
 * never fails because the task went away.
 */
import { SYSTEM_ACTOR, type Actor } from '../domain/activity';
import { DomainError, notFound } from '../domain/errors';
import {
  isResumable,
  type BlockerKind,
  type CreateTaskBody,
  type ResumableTaskStatus,
  type SettableTaskStatus,
  type Task,
  type TaskBlocker,
  type TaskStatus,
} from '../domain/task';
import { recordBy } from './activity';
import { getAgent } from './agents';
import { newId } from './ids';
import { getMission } from './missions';
import { withTransaction, type PoolClient, type Queryable } from './pool';

type TaskRow = {
  id: string;
  title: string;
  status: TaskStatus;
  status_before_blocked: ResumableTaskStatus | null;
  mission_id: string | null;
  agent_id: string | null;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** What blocks a task; `BlockerBody` in domain/task.ts validates one from a request. */
export type BlockerRef = { kind: BlockerKind; ref: string };

type BlockerRow = { id: string; task_id: string; kind: BlockerKind; ref: string; created_at: Date; resolved_at: Date | null };

const TASK_COLUMNS = 'id, title, status, status_before_blocked, mission_id, agent_id, deleted_at, created_at, updated_at';

function toBlocker(row: BlockerRow): TaskBlocker {
  return {
    id: row.id,
    kind: row.kind,
    ref: row.ref,
    createdAt: row.created_at.toISOString(),
    resolvedAt: row.resolved_at?.toISOString() ?? null,
  };
}

function toTask(row: TaskRow, blockers: TaskBlocker[]): Task {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    statusBeforeBlocked: row.status_before_blocked,
    missionId: row.mission_id,
    agentId: row.agent_id,
    blockers,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

async function blockersOf(db: Queryable, workspaceId: string, taskIds: string[]): Promise<Map<string, TaskBlocker[]>> {
  const byTask = new Map<string, TaskBlocker[]>(taskIds.map((id) => [id, []]));
  if (taskIds.length === 0) return byTask;
  const { rows } = await db.query<BlockerRow>(
    `select id, task_id, kind, ref, created_at, resolved_at from task_blockers
      where workspace_id = $1 and task_id = any($2) order by created_at, id`,
    [workspaceId, taskIds],
  );
  for (const row of rows) byTask.get(row.task_id)?.push(toBlocker(row));
  return byTask;
}

async function withBlockers(db: Queryable, workspaceId: string, row: TaskRow): Promise<Task> {
  const blockers = await blockersOf(db, workspaceId, [row.id]);
  return toTask(row, blockers.get(row.id) ?? []);
}

async function lockTask(client: PoolClient, workspaceId: string, id: string): Promise<TaskRow> {
  const { rows } = await client.query<TaskRow>(`select ${TASK_COLUMNS} from tasks where workspace_id = $1 and id = $2 for no key update`, [
    workspaceId,
    id,
  ]);
  if (!rows[0]) throw notFound('task');
  return rows[0];
}

async function openBlockerCount(client: PoolClient, taskId: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    'select count(*)::int as n from task_blockers where task_id = $1 and resolved_at is null',
    [taskId],
  );
  return rows[0]!.n;
}

export async function createTask(db: Queryable, workspaceId: string, body: CreateTaskBody, actor: Actor): Promise<Task> {
  return withTransaction(db, async (client) => {
    if (body.missionId && !(await getMission(client, workspaceId, body.missionId))) throw notFound('mission');
    if (body.agentId && !(await getAgent(client, workspaceId, body.agentId))) throw notFound('agent');
    const { rows } = await client.query<TaskRow>(
      `insert into tasks (id, workspace_id, title, status, mission_id, agent_id) values ($1, $2, $3, $4, $5, $6)
       returning ${TASK_COLUMNS}`,
      [newId('task'), workspaceId, body.title, body.status, body.missionId ?? null, body.agentId ?? null],
    );
    const task = toTask(rows[0]!, []);
    await recordBy(client, actor, {
      workspaceId,
      subjectKind: 'task',
      subjectId: task.id,
      kind: 'created',
      detail: { status: task.status },
    });
    return task;
  });
}

/**
 * Deletes a task: it disappears from reads, while its row stays for Cast's bookkeeping (a
 * decision that held it can still release it, and the sweep sees that its work is gone).
 */
export async function deleteTask(db: Queryable, workspaceId: string, id: string, actor: Actor): Promise<void> {
  await withTransaction(db, async (client) => {
    const task = await lockTask(client, workspaceId, id);
    if (task.deleted_at) throw notFound('task');
    await client.query('update tasks set deleted_at = now(), updated_at = now() where workspace_id = $1 and id = $2', [workspaceId, id]);
    await recordBy(client, actor, { workspaceId, subjectKind: 'task', subjectId: id, kind: 'deleted' });
  });
}

/** A visible task; `includeDeleted` also finds deleted ones (for Cast's own bookkeeping). */
export async function getTask(
  db: Queryable,
  workspaceId: string,
  id: string,
  options: { includeDeleted?: boolean } = {},
): Promise<Task | null> {
  const { rows } = await db.query<TaskRow>(
    `select ${TASK_COLUMNS} from tasks where workspace_id = $1 and id = $2 and ($3 or deleted_at is null)`,
    [workspaceId, id, options.includeDeleted === true],
  );
  return rows[0] ? withBlockers(db, workspaceId, rows[0]) : null;
}

export type TaskListQuery = { status?: TaskStatus; missionId?: string; agentId?: string; limit: number };

/** Newest first, deleted tasks left out. */
export async function listTasks(db: Queryable, workspaceId: string, query: TaskListQuery): Promise<Task[]> {
  const { rows } = await db.query<TaskRow>(
    `select ${TASK_COLUMNS} from tasks
      where workspace_id = $1 and deleted_at is null
        and ($2::text is null or status = $2) and ($3::text is null or mission_id = $3) and ($4::text is null or agent_id = $4)
      order by created_at desc, id limit $5`,
    [workspaceId, query.status ?? null, query.missionId ?? null, query.agentId ?? null, query.limit],
  );
  const blockers = await blockersOf(
    db,
    workspaceId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toTask(row, blockers.get(row.id) ?? []));
}

export type TaskChange = { title?: string; status?: SettableTaskStatus };

/**
 * Retitles a task or sets its status. A blocked task can only be cancelled (its blockers
 * decide when it moves on); reopening a cancelled task that still has open blockers makes
 * it blocked again, remembering the status asked for.
 */
export async function updateTask(db: Queryable, workspaceId: string, id: string, change: TaskChange, actor: Actor): Promise<Task> {
  return withTransaction(db, async (client) => {
    const current = await lockTask(client, workspaceId, id);
    let status: TaskStatus = current.status;
    let before = current.status_before_blocked;
    if (change.status !== undefined && change.status !== current.status) {
      const open = await openBlockerCount(client, id);
      if (current.status === 'blocked' && change.status !== 'cancelled') {
        throw new DomainError(
          'task_blocked',
          `The task is blocked by ${open} open blocker${open === 1 ? '' : 's'}; resolve ${open === 1 ? 'it' : 'them'} first, or cancel the task.`,
          { openBlockers: open },
        );
      }
      if (change.status !== 'cancelled' && open > 0) {
        status = 'blocked';
        before = change.status;
      } else {
        status = change.status;
      }
      // Only a blocked task remembers where it returns to.
      if (status !== 'blocked') before = null;
    }
    const { rows } = await client.query<TaskRow>(
      `update tasks set title = coalesce($3, title), status = $4, status_before_blocked = $5, updated_at = now()
        where workspace_id = $1 and id = $2 returning ${TASK_COLUMNS}`,
      [workspaceId, id, change.title ?? null, status, before],
    );
    if (status !== current.status) {
      await recordBy(client, actor, {
        workspaceId,
        subjectKind: 'task',
        subjectId: id,
        kind: 'status_changed',
        detail: { from: current.status, to: status },
      });
    }
    if (change.title !== undefined && change.title !== current.title) {
      await recordBy(client, actor, { workspaceId, subjectKind: 'task', subjectId: id, kind: 'retitled', detail: { title: change.title } });
    }
    return withBlockers(client, workspaceId, rows[0]!);
  });
}

/**
 * Adds a blocker (or reopens a resolved one, as an undone answer does) and blocks the task,
 * remembering its status. Idempotent: an open blocker added again changes nothing. A
 * cancelled task records the blocker but stays cancelled.
 */
export async function blockTask(
  db: Queryable,
  workspaceId: string,
  taskId: string,
  blocker: BlockerRef,
  actor: Actor = SYSTEM_ACTOR,
): Promise<Task> {
  return withTransaction(db, async (client) => {
    const current = await lockTask(client, workspaceId, taskId);
    const opened = await client.query(
      `insert into task_blockers (id, workspace_id, task_id, kind, ref) values ($1, $2, $3, $4, $5)
       on conflict (task_id, kind, ref) do update set resolved_at = null where task_blockers.resolved_at is not null
       returning id`,
      [newId('bl'), workspaceId, taskId, blocker.kind, blocker.ref],
    );
    let row = current;
    if (isResumable(current.status)) {
      const updated = await client.query<TaskRow>(
        `update tasks set status = 'blocked', status_before_blocked = status, updated_at = now()
          where workspace_id = $1 and id = $2 returning ${TASK_COLUMNS}`,
        [workspaceId, taskId],
      );
      row = updated.rows[0]!;
    }
    if (opened.rowCount !== 0) {
      await recordBy(client, actor, {
        workspaceId,
        subjectKind: 'task',
        subjectId: taskId,
        kind: 'blocked',
        detail: { blocker: { kind: blocker.kind, ref: blocker.ref }, from: current.status, to: row.status },
      });
    }
    return withBlockers(client, workspaceId, row);
  });
}

export type BlockerResolution = { remaining: number; status: TaskStatus; task: Task };

/**
 * Resolves one blocker. When none stays open, a blocked task returns to the status it had
 * before. Resolving an already resolved blocker changes nothing; an unknown one is
 * `blocker_not_found`.
 */
export async function resolveBlocker(
  db: Queryable,
  workspaceId: string,
  taskId: string,
  blocker: BlockerRef,
  actor: Actor = SYSTEM_ACTOR,
): Promise<BlockerResolution> {
  return withTransaction(db, async (client) => {
    const current = await lockTask(client, workspaceId, taskId);
    const resolved = await client.query(
      `update task_blockers set resolved_at = now()
        where task_id = $1 and kind = $2 and ref = $3 and resolved_at is null returning id`,
      [taskId, blocker.kind, blocker.ref],
    );
    if (resolved.rowCount === 0) {
      const known = await client.query('select 1 from task_blockers where task_id = $1 and kind = $2 and ref = $3', [
        taskId,
        blocker.kind,
        blocker.ref,
      ]);
      if (known.rowCount === 0) throw new DomainError('blocker_not_found', 'The task has no such blocker.');
    }
    const remaining = await openBlockerCount(client, taskId);
    let row = current;
    if (remaining === 0 && current.status === 'blocked') {
      const updated = await client.query<TaskRow>(
        `update tasks set status = coalesce(status_before_blocked, 'todo'), status_before_blocked = null, updated_at = now()
          where workspace_id = $1 and id = $2 returning ${TASK_COLUMNS}`,
        [workspaceId, taskId],
      );
      row = updated.rows[0]!;
    }
    if (resolved.rowCount !== 0) {
      await recordBy(client, actor, {
        workspaceId,
        subjectKind: 'task',
        subjectId: taskId,
        kind: 'blocker_resolved',
        detail: { blocker: { kind: blocker.kind, ref: blocker.ref }, remaining, from: current.status, to: row.status },
      });
    }
    return { remaining, status: row.status, task: await withBlockers(client, workspaceId, row) };
  });
}
