-- The substrate decisions live in (DESIGN §2): agents, missions, tasks and their blockers,
-- sessions with their message log, runs, per-agent tool grants, and the activity history.
-- Every row carries its workspace; ids are prefixed text, except session ids, which are the
-- host's own conversation ids (unique per workspace).

alter table workspaces add column run_concurrency int not null default 3
  check (run_concurrency between 1 and 1000);

create table agents (
  id text primary key,
  workspace_id text not null references workspaces (id),
  name text not null,
  instructions text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (workspace_id, name)
);

-- What an agent may call. A tool pattern is a glob over tool names ("mcp__analytics__*").
create table agent_tool_grants (
  id text primary key,
  workspace_id text not null references workspaces (id),
  agent_id text not null references agents (id) on delete cascade,
  tool_pattern text not null,
  effect text not null check (effect in ('allow', 'deny')),
  created_by text references members (id),
  created_at timestamptz not null default now(),
  unique (agent_id, tool_pattern)
);

create table missions (
  id text primary key,
  workspace_id text not null references workspaces (id),
  name text not null,
  status text not null default 'active' check (status in ('active', 'paused', 'completed', 'failed')),
  created_at timestamptz not null default now()
);

create table tasks (
  id text primary key,
  workspace_id text not null references workspaces (id),
  title text not null,
  status text not null check (status in ('todo', 'in_progress', 'review', 'done', 'blocked', 'cancelled')),
  -- The status a blocked task returns to once its last blocker resolves (FR-33).
  status_before_blocked text check (status_before_blocked in ('todo', 'in_progress', 'review', 'done')),
  mission_id text references missions (id),
  agent_id text references agents (id),
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index tasks_workspace_idx on tasks (workspace_id, status);

create table task_blockers (
  id text primary key,
  workspace_id text not null references workspaces (id),
  task_id text not null references tasks (id),
  kind text not null check (kind in ('decision', 'task', 'other')),
  -- The blocking thing: a decision id (sd-N), a task id, or free text.
  ref text not null,
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  unique (task_id, kind, ref)
);
create index task_blockers_open_idx on task_blockers (task_id) where resolved_at is null;

create table sessions (
  workspace_id text not null references workspaces (id),
  id text not null check (char_length(id) between 1 and 200),
  owner_member_id text not null references members (id),
  agent_id text references agents (id),
  -- The project the session works in (the CLI sends the git repository's name).
  scope text,
  message_count int not null default 0,
  last_heartbeat_at timestamptz,
  stopped_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (workspace_id, id)
);

create table session_messages (
  seq bigserial primary key,
  workspace_id text not null,
  session_id text not null,
  role text not null check (role in ('user', 'assistant', 'system')),
  kind text not null default 'message' check (kind in ('message', 'decision_answer', 'withdrawal', 'notice')),
  body text not null,
  decision_id text,
  -- Receiver-side dedupe for messages Cast delivers (one per decision resolution).
  dedupe_key text,
  created_at timestamptz not null default now(),
  foreign key (workspace_id, session_id) references sessions (workspace_id, id),
  unique (workspace_id, dedupe_key)
);
create index session_messages_session_idx on session_messages (workspace_id, session_id, seq);

create table runs (
  id text primary key,
  workspace_id text not null references workspaces (id),
  session_id text not null,
  status text not null check (status in ('queued', 'ready', 'running', 'parked', 'completed', 'failed', 'cancelled')),
  -- A restart carries the message that seeds it and the run and decision it continues.
  seed_message_seq bigint references session_messages (seq),
  restarted_from text references runs (id),
  decision_id text,
  failure_reason text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  ended_at timestamptz,
  foreign key (workspace_id, session_id) references sessions (workspace_id, id)
);
create index runs_session_idx on runs (workspace_id, session_id, created_at);
create index runs_admission_idx on runs (workspace_id, status) where status in ('queued', 'ready', 'running');

create table activity (
  seq bigserial primary key,
  workspace_id text not null references workspaces (id),
  subject_kind text not null check (subject_kind in ('decision', 'task', 'run', 'session', 'agent')),
  subject_id text not null,
  kind text not null,
  actor_kind text not null check (actor_kind in ('member', 'agent', 'system')),
  actor_id text,
  detail jsonb not null default '{}',
  at timestamptz not null default now()
);
create index activity_subject_idx on activity (workspace_id, subject_kind, subject_id, seq);
