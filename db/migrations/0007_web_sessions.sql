-- Web sign-in: a token is exchanged once for a browser session, kept in an httpOnly cookie.
-- Only the SHA-256 of the session id is stored, like API tokens.
create table web_sessions (
  id_hash text primary key,
  workspace_id text not null references workspaces (id),
  member_id text not null references members (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index web_sessions_member_idx on web_sessions (member_id);
