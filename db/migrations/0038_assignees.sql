-- Issue 41 items 1-2: a decision is addressed to a member, a team, or nobody (everyone, as
-- before), and a team's member may claim it. The assignee as filed comes from the decision's
-- links (written once, at insert, by the mirror); a person's reassignment, a claim and a
-- release write these columns alone, so no later snapshot moves them.
alter table decisions
  add column assignee_member_id text,
  add column assignee_team_id text,
  add column claimed_by text,
  add column claimed_at timestamptz,
  add constraint decisions_one_assignee check (assignee_member_id is null or assignee_team_id is null),
  -- The queue's key for "For me": the member's id, the team's id, or '' for nobody. Member and
  -- team ids carry their own prefixes (mb_, tm_), so one text column keys both.
  add column assignee_key text generated always as (coalesce(assignee_member_id, assignee_team_id, '')) stored;

-- "For me" read as today's queue is (migration 0014): the open decisions of one assignee key,
-- in each posted class, in rank order. The walks of db/decision-queries.ts read one key at a
-- time (the member, each of their teams, nobody), so a page reads at most its window per key.
create index decisions_open_assignee_idx on decisions (
  workspace_id,
  assignee_key,
  (case when mode = 'advisory' then 3 when session_id is null then 1 else 2 end),
  (coalesce(confidence, 0.5)) desc,
  created_at,
  number
) where status = 'open';

-- A removed member's or a deleted team's decisions are found to return them to everyone.
create index decisions_assignee_member_idx on decisions (assignee_member_id) where assignee_member_id is not null;
create index decisions_assignee_team_idx on decisions (assignee_team_id) where assignee_team_id is not null;

-- The counters carry the assignee key, so "For me"'s counts are a sum over its keys, as the
-- workspace's are a sum over its rows (migration 0015).
alter table decision_counts add column assignee_key text not null default '';
alter table decision_counts drop constraint decision_counts_pkey;
alter table decision_counts add primary key (workspace_id, status, mode, assignee_key, shard);

create or replace function decision_counts_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from decision_counts;
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into decision_counts as c (workspace_id, status, mode, assignee_key, shard, n)
    select workspace_id, status, mode, assignee_key, pg_backend_pid() % 16, count(*) from new_rows
     group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (workspace_id, status, mode, assignee_key, shard) do update set n = c.n + excluded.n;
  elsif tg_op = 'DELETE' then
    insert into decision_counts as c (workspace_id, status, mode, assignee_key, shard, n)
    select workspace_id, status, mode, assignee_key, pg_backend_pid() % 16, -count(*) from old_rows
     group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (workspace_id, status, mode, assignee_key, shard) do update set n = c.n + excluded.n;
  else
    insert into decision_counts as c (workspace_id, status, mode, assignee_key, shard, n)
    select workspace_id, status, mode, assignee_key, pg_backend_pid() % 16, sum(delta)
      from (select workspace_id, status, mode, assignee_key, -1 as delta from old_rows
            union all
            select workspace_id, status, mode, assignee_key, 1 from new_rows) changed
     group by 1, 2, 3, 4 having sum(delta) <> 0 order by 1, 2, 3, 4
    on conflict (workspace_id, status, mode, assignee_key, shard) do update set n = c.n + excluded.n;
  end if;
  return null;
end $$;

-- Issue 41 item 2: who may answer — anyone in the workspace (as before), or only the assignee,
-- their team and admins.
alter table workspaces add column answer_policy text not null default 'anyone'
  check (answer_policy in ('anyone', 'assignees'));
