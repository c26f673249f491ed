-- Issue 39 item 2: a decision keeps the project (scope) it was filed in. The scope used to be
-- read through the session, so one `cast decide` from another directory moved every open
-- decision of that session under the new directory. The mirror writes it once, at insert.
alter table decisions add column scope text;

-- Decisions filed before this knew only their session's scope: the best record of where
-- they were filed is where their session is now.
update decisions d set scope = s.scope
  from sessions s
 where s.workspace_id = d.workspace_id and s.id = d.session_id and s.scope is not null;
