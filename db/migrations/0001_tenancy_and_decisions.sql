-- Tenancy: workspaces, their members, and members' API tokens (stored as SHA-256 hashes).
create table workspaces (
  id text primary key,
  name text not null,
  created_at timestamptz not null default now()
);

create table members (
  id text primary key,
  workspace_id text not null references workspaces (id),
  name text not null,
  is_default boolean not null default false,
  created_at timestamptz not null default now()
);
create index members_workspace_idx on members (workspace_id);

create table api_tokens (
  id text primary key,
  workspace_id text not null references workspaces (id),
  member_id text not null references members (id),
  token_hash text not null unique,
  label text not null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);

-- Decision ids are sd-N with N from one sequence; a skipped number is harmless.
create sequence decision_number_seq;

-- The read model: one row per decision, mirrored from its workflow (revision-guarded).
create table decisions (
  id text primary key,
  number bigint not null unique,
  workspace_id text not null references workspaces (id),
  question text not null,
  context text,
  status text not null check (status in ('open', 'resolved')),
  asks_total int not null,
  asks_required int not null,
  asks_answered int not null,
  filed_by text not null references members (id),
  revision int not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  resolved_at timestamptz
);
create index decisions_queue_idx on decisions (workspace_id, status, created_at, number);

create table decision_asks (
  decision_id text not null references decisions (id) on delete cascade,
  position int not null,
  workspace_id text not null references workspaces (id),
  kind text not null,
  prompt text not null,
  required boolean not null,
  spec jsonb not null,
  status text not null check (status in ('open', 'answered')),
  answer jsonb,
  reason text,
  answered_by text references members (id),
  answered_at timestamptz,
  primary key (decision_id, position)
);
