-- Webhooks by the Standard Webhooks spec (issue 28): a rotated-out secret keeps signing beside
-- the new one until it expires, so receivers can switch without losing a delivery; and every
-- delivery to an endpoint, with each attempt, is kept for the endpoint's delivery log.
create table webhook_previous_secrets (
  endpoint_id text not null references webhook_endpoints (id),
  secret text not null,
  expires_at timestamptz not null
);
create index webhook_previous_secrets_endpoint_idx on webhook_previous_secrets (endpoint_id, expires_at);

-- One event to one endpoint. `body` is the exact JSON sent (signatures cover these bytes), kept
-- as text because jsonb would reorder its keys; retries and redeliveries send it unchanged.
create table webhook_deliveries (
  id text primary key,
  workspace_id text not null references workspaces (id),
  endpoint_id text not null references webhook_endpoints (id),
  event_id text not null,
  event_type text not null,
  body text not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempt_count integer not null default 0,
  next_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  -- An event is queued once per endpoint, however often its announcement is retried.
  unique (endpoint_id, event_id)
);
create index webhook_deliveries_log_idx on webhook_deliveries (endpoint_id, created_at desc);

create table webhook_attempts (
  delivery_id text not null references webhook_deliveries (id),
  at timestamptz not null,
  response_status integer,
  error text,
  duration_ms integer not null
);
create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, at desc);
