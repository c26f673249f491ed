-- The health line (FR-51…FR-55) and recurring decisions (FR-56…FR-58).

-- The recurring-decision fingerprint (domain/recurring.ts), written by the mirror.
alter table decisions add column fingerprint text;
create index decisions_fingerprint_idx on decisions (workspace_id, fingerprint, created_at) where fingerprint is not null;

-- Per-workspace overrides of the bands, and "Hide for 30 days".
create table workspace_settings (
  workspace_id text primary key references workspaces (id),
  healthy_ceiling int not null default 5 check (healthy_ceiling between 1 and 100),
  quiet_days int not null default 14 check (quiet_days between 3 and 90),
  health_hidden_until timestamptz,
  updated_at timestamptz not null default now()
);

-- The daily roll-up: decisions opened per day per workspace and per agent ('' for none).
create table decision_rollups (
  workspace_id text not null references workspaces (id),
  day date not null,
  agent_id text not null default '',
  opened int not null,
  primary key (workspace_id, day, agent_id)
);

-- When each workspace's roll-up was last computed, and the band it showed then.
create table health_snapshots (
  workspace_id text primary key references workspaces (id),
  computed_at timestamptz not null,
  band text check (band in ('quiet', 'healthy', 'heavy', 'flooded'))
);

-- Band transitions, for analytics.
create table health_band_transitions (
  seq bigserial primary key,
  workspace_id text not null references workspaces (id),
  from_band text,
  to_band text not null,
  at timestamptz not null default now()
);
create index health_band_transitions_idx on health_band_transitions (workspace_id, seq);
