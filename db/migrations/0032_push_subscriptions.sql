-- Issue 40 item 2: Web Push. `vapid_keys` holds the key pair Cast signs its pushes with (VAPID,
-- RFC 8292), made by the first process that needs it (CAST_VAPID_PUBLIC_KEY and
-- CAST_VAPID_PRIVATE_KEY, when set, are used instead): every API hands browsers the same public
-- key and every worker signs with its private half. `push_subscriptions` is each member's
-- browsers: the push service's endpoint and the keys the payload is encrypted to (RFC 8291).
create table vapid_keys (
  id text primary key,
  public_key text not null,
  private_key text not null,
  created_at timestamptz not null default now()
);

-- An endpoint is one browser profile's subscription: it belongs to whoever subscribed it last
-- (a second person signing in on the same browser takes it over).
create table push_subscriptions (
  id text primary key,
  workspace_id text not null references workspaces (id),
  member_id text not null references members (id),
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  user_agent text,
  created_at timestamptz not null default now()
);
create index push_subscriptions_member_idx on push_subscriptions (workspace_id, member_id);
