-- Issue 38 items 1 and 2: roles mean something, a member can be removed, and ending a
-- credential ends what is already open with it.
--
-- Roles, weakest first: viewer (reads), member (answers and files), admin (manages people,
-- tokens, agents, webhooks and settings), owner (also makes and demotes owners and admins).
-- What each may do is domain/permissions.ts; the database only keeps the word.
alter table members drop constraint members_role_check;
alter table members add constraint members_role_check check (role in ('owner', 'admin', 'member', 'viewer'));

-- Removing a member keeps the row, so their history and who-answered records stay readable;
-- their tokens and browser sessions are revoked in the same transaction (db/members.ts).
alter table members add column removed_at timestamptz;

-- Whose agent it is: a member mints tokens for the agents they created, an admin for any.
-- An agent from before this kept no creator; the member who minted its first token is it.
alter table agents add column created_by text references members (id);
update agents a set created_by = (select t.member_id from api_tokens t where t.agent_id = a.id order by t.created_at, t.id limit 1);

-- A credential that ends rings every waiter of its workspace (db/change-listener.ts): each
-- held long-poll and event stream checks its own credential again and ends if it is gone.
-- Expiry has no write to trigger on; the API holds a timer for it instead.
create function notify_credential_ended() returns trigger language plpgsql as $$
begin
  perform pg_notify('cast_credentials', new.workspace_id);
  return null;
end $$;

create trigger api_tokens_notify_revoked after update of revoked_at on api_tokens
  for each row when (old.revoked_at is null and new.revoked_at is not null) execute function notify_credential_ended();
create trigger web_sessions_notify_revoked after update of revoked_at on web_sessions
  for each row when (old.revoked_at is null and new.revoked_at is not null) execute function notify_credential_ended();
create trigger members_notify_removed after update of removed_at on members
  for each row when (old.removed_at is null and new.removed_at is not null) execute function notify_credential_ended();
