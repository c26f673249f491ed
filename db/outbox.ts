/**
 * The outbox (migration 0028): events written with the changes they describe, read by each
 * channel's cursor. The cursor rule: rows are read in (xid, seq) order, and only those whose
 * writing transaction is older than every transaction still running (the snapshot's xmin). A
 * transaction that took its seq before another's and commits after it cannot be passed: while it
 * runs, the horizon stays below its xid, and once it ends, its rows sort before every later xid.
 */
import type { OutboxEvent, OutboxKind, OutboxSubjectKind } from '../domain/outbox/event-kinds';
import type { Queryable } from './pool';

/**
 * The task queue this connection serves (db/pool.ts sets it per process): events are written
 * under it and each notifier reads only its own, through cursors of its own.
 */
const QUEUE = `coalesce(current_setting('cast.task_queue', true), '')`;

/** Where a channel's reading stands: the last (xid, seq) handed on. `xid` is an xid8 in text. */
export type OutboxCursor = { xid: string; seq: string };

type Row = {
  seq: string;
  xid: string;
  id: string;
  kind: OutboxKind;
  workspace_id: string;
  subject_kind: OutboxSubjectKind;
  subject_id: string;
  data: OutboxEvent['data'];
  occurred_at: Date;
};

export type OutboxBatch = {
  events: OutboxEvent[];
  /** Where the cursor moves once these are handed on. */
  next: OutboxCursor;
  /** Committed rows past the horizon exist: a transaction still running holds it back, so read again soon. */
  held: boolean;
};

/**
 * The channel's cursor, locked until the caller's transaction ends; null when another notifier
 * holds it (that one is handing the same rows on; this one has nothing to do).
 */
export async function lockCursor(client: Queryable, channel: string): Promise<OutboxCursor | null> {
  const { rows } = await client.query<OutboxCursor>(
    `select xid::text as xid, seq::text as seq from outbox_cursors where task_queue = ${QUEUE} and channel = $1 for update skip locked`,
    [channel],
  );
  if (rows[0]) return rows[0];
  // A channel's first read starts at the outbox's beginning; a row that exists but is locked conflicts: busy.
  const created = await client.query<OutboxCursor>(
    `insert into outbox_cursors (channel) values ($1) on conflict (task_queue, channel) do nothing returning xid::text as xid, seq::text as seq`,
    [channel],
  );
  return created.rows[0] ?? null;
}

/** The next events past `cursor`, up to the safe horizon, oldest transaction first. */
export async function readOutbox(client: Queryable, cursor: OutboxCursor, limit: number): Promise<OutboxBatch> {
  const { rows } = await client.query<Row>(
    `with horizon as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin)
     select e.seq::text as seq, e.xid::text as xid, e.id, e.kind, e.workspace_id, e.subject_kind, e.subject_id, e.data, e.occurred_at
       from outbox_events e, horizon h
      where e.task_queue = ${QUEUE} and (e.xid, e.seq) > ($1::xid8, $2::bigint) and e.xid < h.xmin
      order by e.xid, e.seq
      limit $3`,
    [cursor.xid, cursor.seq, limit],
  );
  const last = rows.at(-1);
  const next = last ? { xid: last.xid, seq: last.seq } : cursor;
  // Asked only when the batch is not full: a full one is read on from at once anyway.
  const held = rows.length < limit ? await heldBack(client, next) : false;
  return { events: rows.map(eventOf), next, held };
}

async function heldBack(client: Queryable, cursor: OutboxCursor): Promise<boolean> {
  const { rows } = await client.query<{ held: boolean }>(
    `select exists (select 1 from outbox_events
                     where task_queue = ${QUEUE} and (xid, seq) > ($1::xid8, $2::bigint) and xid >= pg_snapshot_xmin(pg_current_snapshot())) as held`,
    [cursor.xid, cursor.seq],
  );
  return rows[0]?.held ?? false;
}

export async function moveCursor(client: Queryable, channel: string, cursor: OutboxCursor): Promise<void> {
  await client.query(
    `update outbox_cursors set xid = $2::xid8, seq = $3::bigint, updated_at = now() where task_queue = ${QUEUE} and channel = $1`,
    [channel, cursor.xid, cursor.seq],
  );
}

function eventOf(row: Row): OutboxEvent {
  return {
    id: row.id,
    kind: row.kind,
    workspaceId: row.workspace_id,
    subject: { kind: row.subject_kind, id: row.subject_id },
    occurredAt: row.occurred_at.toISOString(),
    data: row.data,
  };
}

/**
 * Writes one event that no decision change carries (a member's test message, issue 40 item
 * 10). The insert's trigger rings the notifier when the caller's transaction commits.
 */
export async function writeOutboxEvent(db: Queryable, event: OutboxEvent): Promise<void> {
  await db.query(
    `insert into outbox_events (id, workspace_id, kind, subject_kind, subject_id, data, occurred_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [event.id, event.workspaceId, event.kind, event.subject.kind, event.subject.id, JSON.stringify(event.data), event.occurredAt],
  );
}

/** One event by its id, for a delivery tried again later (notifier/retry-delivery.ts); null when it is gone. */
export async function outboxEventById(db: Queryable, workspaceId: string, id: string): Promise<OutboxEvent | null> {
  const { rows } = await db.query<Row>(
    `select seq::text as seq, xid::text as xid, id, kind, workspace_id, subject_kind, subject_id, data, occurred_at
       from outbox_events where workspace_id = $1 and id = $2`,
    [workspaceId, id],
  );
  return rows[0] ? eventOf(rows[0]) : null;
}
