-- Issue 42: rules, the standing answers a person saves once, each a Cedar policy validated before
-- it is saved. `revision` is bumped by every change, so an automatic answer names the exact rule
-- that gave it; a disabled rule is `off`, never deleted, so its answers and hits keep their rule.
create table rules (
  id text primary key,
  workspace_id text not null references workspaces (id),
  name text not null,
  author_id text not null references members (id),
  -- The author's role when they saved it: an admin's rule beats a member's.
  author_role text not null check (author_role in ('viewer', 'member', 'admin', 'owner')),
  reason text not null,
  ends_at timestamptz,
  revision int not null default 1 check (revision >= 1),
  mode text not null check (mode in ('on', 'shadow', 'off')),
  conditions jsonb not null,
  effect jsonb not null,
  cedar text not null,
  hand_written boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Every filing reads the workspace's rules that are not off.
create index rules_workspace_idx on rules (workspace_id, created_at) where mode <> 'off';

-- What each rule matched, live or in shadow: a rule's page lists these beside what the person
-- answered. No foreign key to decisions: a filing records its hits before its mirror row lands.
create table rule_hits (
  id bigserial primary key,
  workspace_id text not null references workspaces (id),
  rule_id text not null references rules (id),
  revision int not null,
  decision_id text not null,
  position int not null check (position >= 1),
  effect jsonb not null,
  shadow boolean not null,
  input_digest text not null,
  at timestamptz not null default now(),
  -- A retried filing records the same hit once.
  unique (rule_id, revision, decision_id, position)
);
create index rule_hits_rule_idx on rule_hits (rule_id, at desc);
