-- decision_counts (migration 0014) kept one row per (workspace, status, mode): every filing
-- and every resolution in a workspace updated the same row and held its lock until commit,
-- so concurrent writers queued on it. Each connection now writes its own shard of the counter
-- (its backend pid modulo 16), so writers never wait for one another there; readers already
-- sum every row of a workspace.
alter table decision_counts add column shard smallint not null default 0;
alter table decision_counts drop constraint decision_counts_pkey;
alter table decision_counts add primary key (workspace_id, status, mode, shard);

create or replace function decision_counts_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from decision_counts;
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into decision_counts as c (workspace_id, status, mode, shard, n)
    select workspace_id, status, mode, pg_backend_pid() % 16, count(*) from new_rows group by 1, 2, 3 order by 1, 2, 3
    on conflict (workspace_id, status, mode, shard) do update set n = c.n + excluded.n;
  elsif tg_op = 'DELETE' then
    insert into decision_counts as c (workspace_id, status, mode, shard, n)
    select workspace_id, status, mode, pg_backend_pid() % 16, -count(*) from old_rows group by 1, 2, 3 order by 1, 2, 3
    on conflict (workspace_id, status, mode, shard) do update set n = c.n + excluded.n;
  else
    insert into decision_counts as c (workspace_id, status, mode, shard, n)
    select workspace_id, status, mode, pg_backend_pid() % 16, sum(delta)
      from (select workspace_id, status, mode, -1 as delta from old_rows
            union all
            select workspace_id, status, mode, 1 from new_rows) changed
     group by 1, 2, 3 having sum(delta) <> 0 order by 1, 2, 3
    on conflict (workspace_id, status, mode, shard) do update set n = c.n + excluded.n;
  end if;
  return null;
end $$;

