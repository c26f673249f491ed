-- A decision's report, body and option pages, stored by content hash per workspace. The
-- decision's snapshot names them by hash; content written before a filing that then fails
-- is only an unreferenced row, never a half-written decision.
create table decision_documents (
  workspace_id text not null references workspaces (id),
  hash text not null,
  content text not null,
  created_at timestamptz not null default now(),
  primary key (workspace_id, hash)
);
