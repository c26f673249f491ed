-- Waiters (long-polls, event streams, `decide wait`) sleep until told that what they wait on
-- changed. Triggers send the hint, so every writer is covered: the API, the workflows' mirror
-- activities, another process, an operator's UPDATE. The notification is sent when the
-- writing transaction commits (and not at all if it rolls back); Postgres folds identical
-- ones within a transaction, so a batch of appends to one session wakes its readers once.
-- Payload: '<workspace>:<session>' and '<workspace>:<decision>', what the API's waiters key on.
-- An import runs in replica mode and fires none of this, which is right: nobody waits on it.
create function notify_session_message() returns trigger language plpgsql as $$
begin
  perform pg_notify('cast_session_messages', new.workspace_id || ':' || new.session_id);
  return null;
end $$;

create trigger session_messages_notify after insert on session_messages
  for each row execute function notify_session_message();

-- A decision waiter waits for its decision to leave `open` (or to vanish): only those writes
-- notify, not the mirror's every revision.
create function notify_decision() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform pg_notify('cast_decisions', old.workspace_id || ':' || old.id);
  else
    perform pg_notify('cast_decisions', new.workspace_id || ':' || new.id);
  end if;
  return null;
end $$;

create trigger decisions_notify_status after update of status on decisions
  for each row when (old.status is distinct from new.status) execute function notify_decision();
create trigger decisions_notify_delete after delete on decisions
  for each row execute function notify_decision();
