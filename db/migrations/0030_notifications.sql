-- Issue 40 items 2–4, 9 and 10: what each member wants to hear, and where; what each channel
-- sent them (the delivery log every channel writes, as webhooks have); and who is looking at
-- the queue right now (presence holds pushes and immediate emails back).

-- One row per member who changed a default; a member without one has the defaults
-- (domain/notifications/notification-settings.ts). jsonb: the shape is the domain's zod schema,
-- read through it, so adding a setting needs no migration.
create table notification_settings (
  member_id text primary key references members (id),
  workspace_id text not null references workspaces (id),
  settings jsonb not null,
  updated_at timestamptz not null default now()
);

-- Every message a member channel handed on, held or could not send. `event_id` is the outbox
-- event it came from (null for a digest or a test message); with the channel and the member it
-- is what makes a delivery idempotent when the notifier hands a batch on twice.
create table notification_deliveries (
  id bigserial primary key,
  workspace_id text not null references workspaces (id),
  member_id text not null references members (id),
  channel text not null,
  kind text not null,
  event_id text,
  decision_id text,
  status text not null check (status in ('pending', 'sent', 'failed', 'held', 'skipped')),
  detail text,
  attempts int not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index notification_deliveries_once_idx on notification_deliveries (channel, member_id, event_id)
  where event_id is not null;
create index notification_deliveries_member_idx on notification_deliveries (workspace_id, member_id, created_at desc);

-- A member has the queue focused in some tab until `focused_until`; each focused tab renews it.
create table member_presence (
  member_id text primary key references members (id),
  workspace_id text not null references workspaces (id),
  focused_until timestamptz not null
);
