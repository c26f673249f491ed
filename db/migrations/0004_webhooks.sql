-- Push delivery (DESIGN §4): a workspace's webhook endpoints. The secret signs each body
-- (HMAC-SHA256), so it is kept as given and shown only when the endpoint is created.
create table webhook_endpoints (
  id text primary key,
  workspace_id text not null references workspaces (id),
  url text not null,
  secret text not null,
  events text[] not null,
  created_by text references members (id),
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index webhook_endpoints_workspace_idx on webhook_endpoints (workspace_id) where deleted_at is null;
