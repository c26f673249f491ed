-- An approval or escalation whose decision is archived reads `archived` itself (AW-03 §10: the
-- two status vocabularies gain the member), so Home, the Inbox and the records' own endpoints
-- stop offering it as waiting; a restore makes it pending (or open) again. The decision's mirror
-- writes both in one transaction (activities/mirror-decision.ts).
alter table approvals drop constraint approvals_status_check;
alter table approvals add constraint approvals_status_check check (status in ('pending', 'approved', 'rejected', 'archived'));
alter table escalations drop constraint escalations_status_check;
alter table escalations add constraint escalations_status_check check (status in ('open', 'resolved', 'archived'));

-- An archived escalation keeps its dedupe key, as it did while it still read `open`: a raise
-- with that key updates it rather than opening a second one, and a restore never meets a twin.
drop index escalations_open_key;
create unique index escalations_open_key on escalations (workspace_id, dedupe_key)
  where status in ('open', 'archived') and dedupe_key is not null;

-- Records whose decisions were archived before this read so from now on.
update approvals p set status = 'archived'
  from decisions d where d.workspace_id = p.workspace_id and d.id = p.decision_id and d.status = 'archived' and p.status = 'pending';
update escalations e set status = 'archived', updated_at = now()
  from decisions d where d.workspace_id = e.workspace_id and d.id = e.decision_id and d.status = 'archived' and e.status = 'open';

-- And their decisions no longer hold their tasks: a task left with no open blocker returns to
-- the status it had before (FR-33), as it does when a decision is archived from now on.
create temporary table released on commit drop as
  select b.id, b.task_id from task_blockers b
    join decisions d on d.workspace_id = b.workspace_id and d.id = b.ref
   where b.kind = 'decision' and b.resolved_at is null and d.status = 'archived'
     and (exists (select 1 from approvals p where p.decision_id = d.id)
       or exists (select 1 from escalations e where e.decision_id = d.id));
update task_blockers set resolved_at = now() where id in (select id from released);
update tasks t set status = coalesce(t.status_before_blocked, 'todo'), status_before_blocked = null, updated_at = now()
 where t.id in (select task_id from released) and t.status = 'blocked'
   and not exists (select 1 from task_blockers o where o.task_id = t.id and o.resolved_at is null);
