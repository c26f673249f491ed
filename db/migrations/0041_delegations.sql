-- Issue 41 item 5: a member away hands what is addressed to them to another member for a window.
-- Read at the moment of each read ("For me", who may answer, whom a notification reaches), so a
-- window opens and closes on time with nothing to schedule. Ending one early sets `ended_at`.
create table delegations (
  id text primary key,
  workspace_id text not null references workspaces (id),
  member_id text not null references members (id),
  delegate_id text not null references members (id),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  created_by text not null references members (id),
  created_at timestamptz not null default now(),
  ended_at timestamptz,
  check (member_id <> delegate_id),
  check (ends_at > starts_at)
);
-- "Whose decisions do I cover now": read on every queue read and answer.
create index delegations_delegate_idx on delegations (delegate_id, ends_at) where ended_at is null;
create index delegations_member_idx on delegations (member_id, ends_at) where ended_at is null;
