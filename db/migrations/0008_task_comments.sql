-- A task's comment thread: where Cast records what happened to the decisions that held the
-- task when no live run could be told (an undone answer's withdrawal, FR-40).
create table task_comments (
  seq bigserial primary key,
  workspace_id text not null references workspaces (id),
  task_id text not null references tasks (id),
  author_kind text not null check (author_kind in ('member', 'agent', 'system')),
  author_id text,
  body text not null,
  decision_id text,
  -- A retried writer finds its comment instead of writing it twice.
  dedupe_key text,
  created_at timestamptz not null default now(),
  unique (workspace_id, dedupe_key)
);
create index task_comments_task_idx on task_comments (workspace_id, task_id, seq);
