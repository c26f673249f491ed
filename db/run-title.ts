/**
 * A run's title in SQL: the parts `runTitle` (domain/run.ts) joins, for the run `runs r` of a query that joins this: its
 * session's agent (else its decision's), the task a decision of its session ties it to — the
 * one that restarted it, or one it parked on — and its session's project. Reading the session's
 * decisions keeps the lookup on the session index.
 */
export const RUN_TITLE_PARTS = `
  select coalesce(sa.name, da.name) as agent, t.title as task, s.scope, t.id as task_id
    from sessions s
    left join agents sa on sa.workspace_id = s.workspace_id and sa.id = s.agent_id
    left join lateral (
      select d.id, d.agent_id, d.task_id from decisions d
       where d.workspace_id = r.workspace_id and d.session_id = r.session_id and (d.id = r.decision_id or d.run_id = r.id)
       order by d.id = r.decision_id desc, d.task_id is null, d.created_at
       limit 1) d on true
    left join agents da on da.workspace_id = s.workspace_id and da.id = d.agent_id
    left join tasks t on t.workspace_id = s.workspace_id and t.id = d.task_id and t.deleted_at is null
   where s.workspace_id = r.workspace_id and s.id = r.session_id`;
