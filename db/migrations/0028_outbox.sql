-- Issue 40 item 1: the outbox. Every event a change announces (domain/outbox/event-kinds.ts) is a
-- row here, written by the same statement as the change and its activity entries, so an event
-- exists exactly when its change committed. A sibling of `activity`, not the same table: the
-- history is a person's record of every subject (free-form detail, exported, listed), an event
-- is a typed message with the payload receivers are sent, as it was at the change.
--
-- `xid` is the writing transaction's id. The notifier reads in (xid, seq) order and only rows
-- whose transaction is older than every one still running (pg_snapshot_xmin), so a transaction
-- that took its seq early and commits late is never passed by the cursor (docs/architecture.md).
create table outbox_events (
  seq bigserial primary key,
  -- The Temporal task queue of the process that wrote it (its pool's `cast.task_queue` setting,
  -- db/pool.ts): a notifier hands on only its own queue's events, so two installations sharing a
  -- database — or two tests — never deliver each other's events through their own channels.
  task_queue text not null default coalesce(current_setting('cast.task_queue', true), ''),
  xid xid8 not null default pg_current_xact_id(),
  -- The event's own id, the same wherever it is sent (a webhook's `webhook-id`).
  id text not null unique,
  workspace_id text not null references workspaces (id),
  kind text not null,
  subject_kind text not null,
  subject_id text not null,
  -- json, not jsonb: kept as written, so a receiver gets the payload in the order it was composed.
  data json not null,
  occurred_at timestamptz not null
);
create index outbox_events_order_idx on outbox_events (task_queue, xid, seq);

-- Where each channel's reading has reached; its row is locked while a notifier hands a batch on,
-- so two notifiers never hand on the same batch.
create table outbox_cursors (
  task_queue text not null default coalesce(current_setting('cast.task_queue', true), ''),
  channel text not null,
  xid xid8 not null default '0',
  seq bigint not null default 0,
  updated_at timestamptz not null default now(),
  primary key (task_queue, channel)
);

-- A hint that events are waiting, sent when the writing transaction commits; folded per
-- transaction by Postgres. The row is the truth: a notifier woken by it reads the table. The
-- payload is the writer's task queue: only that queue's notifiers wake.
create function notify_outbox() returns trigger language plpgsql as $$
begin
  perform pg_notify('cast_outbox', coalesce(current_setting('cast.task_queue', true), ''));
  return null;
end $$;

create trigger outbox_events_notify after insert on outbox_events
  for each statement execute function notify_outbox();
