-- The decision read model grows up: the row keeps the workflow's whole snapshot (what the
-- API returns) plus the columns the queue filters, ranks and counts by. Asks live inside
-- the snapshot; their kinds are a column for the kind filter.
drop table decision_asks;

alter table decisions drop constraint decisions_status_check;
alter table decisions add constraint decisions_status_check
  check (status in ('open', 'resolved', 'withdrawn', 'archived'));

alter table decisions
  add column snapshot jsonb not null default '{}',
  add column mode text not null default 'blocking' check (mode in ('blocking', 'advisory')),
  add column confidence real,
  add column ask_kinds text[] not null default '{}',
  add column session_id text,
  add column agent_id text references agents (id),
  add column task_id text references tasks (id),
  add column run_id text references runs (id),
  add column mission_id text references missions (id),
  add column closed_at timestamptz,
  -- Written by the API, not the workflow: the first time a person opened it (FR-14).
  add column first_viewed_at timestamptz,
  add foreign key (workspace_id, session_id) references sessions (workspace_id, id);

create index decisions_session_idx on decisions (workspace_id, session_id, status);
create index decisions_task_idx on decisions (workspace_id, task_id) where task_id is not null;
create index decisions_open_rank_idx on decisions (workspace_id, created_at) where status = 'open';

-- Same question again from the same session updates the open decision (cast-decide): one
-- key per (session, normalised question) while that decision is open. The mirror deletes
-- the key when the decision leaves open, so the next post of that question opens a new one.
create table decision_keys (
  workspace_id text not null references workspaces (id),
  session_id text not null,
  question_key text not null,
  decision_id text not null,
  created_at timestamptz not null default now(),
  primary key (workspace_id, session_id, question_key)
);
create index decision_keys_decision_idx on decision_keys (decision_id);
