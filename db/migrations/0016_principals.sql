-- Who may do what (DESIGN §8): every request is a person's (a member's token or web
-- session) or an agent's (a token bound to one agent of the workspace). Existing tokens are
-- person tokens of their member; the default member owns the workspace.
alter table members add column role text not null default 'member' check (role in ('owner', 'member'));
update members set role = 'owner' where is_default;

-- An agent token keeps the member who minted it in member_id: the agent acts within that
-- person's sessions and runs, but what it may do is the agent's.
alter table api_tokens
  add column kind text not null default 'person' check (kind in ('person', 'agent')),
  add column agent_id text references agents (id),
  add column expires_at timestamptz,
  add column last_used_at timestamptz,
  add constraint api_tokens_agent_kind check ((kind = 'agent') = (agent_id is not null));
create index api_tokens_workspace_idx on api_tokens (workspace_id, created_at);

-- A browser session ends with the token it was opened with.
alter table web_sessions add column token_id text references api_tokens (id);

-- Which agent token wrote the entry (its label), beside the agent in actor_id.
alter table activity add column actor_label text;
