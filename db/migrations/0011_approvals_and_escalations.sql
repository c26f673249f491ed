-- Approvals and escalations (AW-03 §5.1): records with their own doors, each carried into
-- the queue by one decision with a derived ask (FR-13). `decision_id` is null only until the
-- projection has filed that decision (a record written by an older version, or a retry).
create table approvals (
  id text primary key,
  workspace_id text not null references workspaces (id),
  action_type text not null check (action_type in ('spawn_agent', 'schedule_task', 'send_message', 'override_budget')),
  summary text not null,
  context text,
  risks text[] not null default '{}',
  payload jsonb not null default '{}',
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  decision_id text unique,
  proposed_by text not null references members (id),
  decided_by text,
  decided_at timestamptz,
  reason text,
  agent_id text references agents (id),
  task_id text references tasks (id),
  session_id text,
  run_id text references runs (id),
  created_at timestamptz not null default now()
);
create index approvals_workspace_idx on approvals (workspace_id, status, created_at);

create table escalations (
  id text primary key,
  workspace_id text not null references workspaces (id),
  reason_code text not null,
  summary text not null,
  must_decide text not null,
  options text[],
  attempts text[] not null default '{}',
  confidence real,
  dedupe_key text,
  status text not null default 'open' check (status in ('open', 'resolved')),
  decision_id text unique,
  raised_by text not null references members (id),
  resolution text,
  resolved_by text,
  resolved_at timestamptz,
  agent_id text references agents (id),
  task_id text references tasks (id),
  session_id text,
  run_id text references runs (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index escalations_workspace_idx on escalations (workspace_id, status, created_at);
-- One open escalation per dedupe key: a second one updates it.
create unique index escalations_open_key on escalations (workspace_id, dedupe_key) where status = 'open' and dedupe_key is not null;
