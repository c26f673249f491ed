-- The queue's first page read by walking indexes, not by sorting every open decision
-- (db/decision-queries.ts, DESIGN §7 "queue read at scale").
--
-- The rank (DESIGN §3) is overdue stacks first, then the group, then descending confidence
-- (unscored 0.5), then oldest. The group depends on time (session liveness) and on other rows
-- (a parked run, a blocked task), so it is never stored; what is stored is the part of it the
-- decision's own row fixes, its posted class:
--   1  posted blocking, no session      always group 1
--   2  posted blocking, with a session  group 1 while the session can receive, else 2
--   3  advisory                         group 3, unless its run is parked or its task blocked
-- Open decisions are indexed by (workspace, class, weight desc, created_at, number), so each
-- class is read in rank order and a page needs only its first rows of each. The expressions
-- here and in decision-queries.ts must stay identical, or the planner cannot use the index.
create index decisions_open_class_idx on decisions (
  workspace_id,
  (case when mode = 'advisory' then 3 when session_id is null then 1 else 2 end),
  (coalesce(confidence, 0.5)) desc,
  created_at,
  number
) where status = 'open';

-- Advisory decisions made blocking by their run or task: found from the parked runs and
-- blocked tasks, not by reading every advisory decision, each with what its rank needs
-- (read from the index alone once vacuum has seen the page).
create index decisions_open_advisory_run_idx on decisions (workspace_id, run_id)
  include (id, session_id, confidence, created_at, number)
  where status = 'open' and mode = 'advisory' and run_id is not null;
create index decisions_open_advisory_task_idx on decisions (workspace_id, task_id)
  include (id, session_id, run_id, confidence, created_at, number)
  where status = 'open' and mode = 'advisory' and task_id is not null;
create index runs_parked_idx on runs (workspace_id) where status = 'parked';

-- The sessions that can receive an answer now: few, found without reading the stopped ones.
create index sessions_live_idx on sessions (workspace_id, last_heartbeat_at) where stopped_at is null;

-- The Answered and Archived tabs, newest closed first, read in index order.
create index decisions_closed_idx on decisions (workspace_id, status, closed_at desc nulls last, number desc)
  where status in ('resolved', 'archived');

-- The queue's counts and the health line's open count, without counting rows: decisions per
-- (workspace, status, mode), kept exact by statement triggers on every write of decisions,
-- whoever writes (the mirror, an import, a test, an operator's UPDATE). An UPDATE that moves no
-- decision between statuses or modes (most mirror writes) nets to nothing and touches no
-- counter row. A statement writes its counter rows in key order, so two statements never
-- deadlock on them; the mirror writes one decision a statement, the last in its transaction,
-- so a counter row is held only until that commit. An import copies this table with the
-- decisions (triggers are off in replica mode), from a copy migrated first.
create table decision_counts (
  workspace_id text not null references workspaces (id) on delete cascade,
  status text not null,
  mode text not null,
  n bigint not null,
  primary key (workspace_id, status, mode)
);

create function decision_counts_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from decision_counts;
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into decision_counts as c (workspace_id, status, mode, n)
    select workspace_id, status, mode, count(*) from new_rows group by 1, 2, 3 order by 1, 2, 3
    on conflict (workspace_id, status, mode) do update set n = c.n + excluded.n;
  elsif tg_op = 'DELETE' then
    insert into decision_counts as c (workspace_id, status, mode, n)
    select workspace_id, status, mode, -count(*) from old_rows group by 1, 2, 3 order by 1, 2, 3
    on conflict (workspace_id, status, mode) do update set n = c.n + excluded.n;
  else
    insert into decision_counts as c (workspace_id, status, mode, n)
    select workspace_id, status, mode, sum(delta)
      from (select workspace_id, status, mode, -1 as delta from old_rows
            union all
            select workspace_id, status, mode, 1 from new_rows) changed
     group by 1, 2, 3 having sum(delta) <> 0 order by 1, 2, 3
    on conflict (workspace_id, status, mode) do update set n = c.n + excluded.n;
  end if;
  return null;
end $$;

create trigger decision_counts_insert after insert on decisions
  referencing new table as new_rows for each statement execute function decision_counts_apply();
create trigger decision_counts_update after update on decisions
  referencing old table as old_rows new table as new_rows for each statement execute function decision_counts_apply();
create trigger decision_counts_delete after delete on decisions
  referencing old table as old_rows for each statement execute function decision_counts_apply();
create trigger decision_counts_truncate after truncate on decisions
  for each statement execute function decision_counts_apply();

-- The rows already there (the triggers above hold writers off until this commits).
insert into decision_counts (workspace_id, status, mode, n)
select workspace_id, status, mode, count(*) from decisions group by 1, 2, 3;

-- Statistics for the new index's expressions, so the first plans already know the classes.
analyze decisions;
