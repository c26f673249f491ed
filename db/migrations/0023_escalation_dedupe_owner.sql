-- A dedupe key belongs to the principal that raised the escalation (issue 38 item 3): an agent
-- (by its agent id, whichever of its tokens) or a person (by member). One principal's key never
-- matches another's open escalation, so nobody can rewrite another's summary and question by
-- reusing its key. `dedupe_owner` is `agent:<id>` or `member:<id>`.
alter table escalations add column dedupe_owner text;

-- Rows raised before this: by their linked agent when they have one, else by the member.
update escalations set dedupe_owner = coalesce('agent:' || agent_id, 'member:' || raised_by);

drop index escalations_open_key;
create unique index escalations_open_key on escalations (workspace_id, dedupe_owner, dedupe_key)
  where status in ('open', 'archived') and dedupe_key is not null;
