-- Issue 41 item 6: signing in with the workspace's OpenID Connect provider.
--
-- An admin invites a person by the email their provider vouches for (`sign_in_email`); their
-- first sign-in with that verified email links the provider's stable subject to the member, and
-- from then on the subject alone finds them (an email can change at the provider, a subject
-- cannot). One subject of one issuer is one member of a workspace; a member has at most one
-- subject per issuer.
alter table members add column sign_in_email text;
create unique index members_sign_in_email_key on members (workspace_id, lower(sign_in_email))
  where sign_in_email is not null and removed_at is null;

create table member_identities (
  workspace_id text not null references workspaces (id),
  issuer text not null,
  subject text not null,
  member_id text not null references members (id),
  linked_at timestamptz not null default now(),
  primary key (workspace_id, issuer, subject),
  unique (member_id, issuer)
);

-- How a browser session was opened: with a pasted token, or by the provider (no token behind it).
alter table web_sessions add column via text not null default 'token' check (via in ('token', 'oidc'));
