-- Issue 40 item 3: each email digest is sent once per member and period (`daily 2026-12-04`,
-- `hourly 2026-12-04T09`, in the member's time zone), however many workers tick: the first to
-- insert the row sends it, every other finds it there and sends nothing.
create table digest_runs (
  member_id text not null references members (id),
  period text not null,
  workspace_id text not null references workspaces (id),
  claimed_at timestamptz not null default now(),
  primary key (member_id, period)
);

-- The digest tick finds the members with email on and a digest cadence without reading every row.
create index notification_settings_email_digest_idx on notification_settings (member_id)
  where (settings -> 'email' ->> 'enabled') = 'true' and (settings -> 'email' ->> 'address') is not null;

-- The email channel reads the outbox from here on: a new channel's cursor would otherwise start at
-- the outbox's beginning and email every decision opened before email existed. Migrations run
-- before the release's processes start, so no event is being written meanwhile. The cursor is the
-- migrating process's task queue's (its pool's `cast.task_queue`, migration 0028).
insert into outbox_cursors (channel, xid, seq)
select 'email', coalesce(max(xid), '0'), coalesce(max(seq), 0) from outbox_events
on conflict (task_queue, channel) do nothing;
