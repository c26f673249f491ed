-- Issue 40 item 5: answer-in-place links. `answer_link_keys` holds the server key links are
-- signed with (HMAC-SHA256), made by the first process that needs it (CAST_ANSWER_LINK_KEY,
-- when set, is used instead). `answer_link_uses` makes a link single-use: a press claims its
-- link id here, committed before the answer goes to the decision's workflow, so a replay — or a
-- second press racing the first — finds the claim and answers nothing.
create table answer_link_keys (
  id text primary key,
  secret bytea not null check (octet_length(secret) >= 32),
  created_at timestamptz not null default now()
);

create table answer_link_uses (
  link_id text primary key,
  workspace_id text not null references workspaces (id),
  decision_id text not null,
  ask int not null,
  member_id text not null references members (id),
  channel text not null,
  used_at timestamptz not null default now()
);
create index answer_link_uses_decision_idx on answer_link_uses (workspace_id, decision_id);
