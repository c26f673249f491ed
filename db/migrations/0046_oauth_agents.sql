-- Issue 43 item 4: an OAuth client at `/mcp` with the identity provider's access token.
--
-- The token's subject names the member (member_identities, as sign-in links it); the client
-- (`client_id`) acts as an agent of the workspace, registered on its first use, and each member
-- it acts for holds an agent token of it, minted then. That token is how the tools reach
-- `/api/v1` and how the person sees and revokes the client (`cast token list` / `revoke`): a
-- revoked one refuses the client for that member from the next request. One row per client of one
-- issuer and member; the agent is shared by every member the client acts for.
create table oauth_agents (
  workspace_id text not null references workspaces (id),
  issuer text not null,
  client_id text not null,
  member_id text not null references members (id),
  agent_id text not null references agents (id),
  token_id text not null unique references api_tokens (id),
  created_at timestamptz not null default now(),
  primary key (workspace_id, issuer, client_id, member_id)
);
