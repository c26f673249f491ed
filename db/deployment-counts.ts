/**
 * The whole deployment's open and blocking decisions, for the metrics gauges: read at scrape
 * time, cheaply — the open count from the per-status counters (migration 0014), the blocking
 * count from them plus the advisory decisions held by a parked run or a blocked task, found
 * from those (few) runs and tasks through their partial indexes, never by reading every decision.
 */
import { withTransaction, type Pool } from './pool';

export type DeploymentCounts = { open: number; blocking: number };

const COUNTS = `select
    (select coalesce(sum(n), 0) from decision_counts where status = 'open')::bigint as open,
    ((select coalesce(sum(n), 0) from decision_counts where status = 'open' and mode = 'blocking')
      + (select count(*) from (
           select d.id from runs r
             join decisions d on d.workspace_id = r.workspace_id and d.run_id = r.id
            where r.status = 'parked' and d.status = 'open' and d.mode = 'advisory'
           union
           select d.id from tasks t
             join decisions d on d.workspace_id = t.workspace_id and d.task_id = t.id
            where t.status = 'blocked' and d.status = 'open' and d.mode = 'advisory'
         ) held))::bigint as blocking`;

/** The counts, or an error once PostgreSQL has spent `deadlineMs` on them (the server cancels the query). */
export function deploymentCounts(pool: Pool, deadlineMs: number): Promise<DeploymentCounts> {
  return withTransaction(pool, async (client) => {
    await client.query(`set local statement_timeout = ${Math.max(1, Math.round(deadlineMs))}`);
    const { rows } = await client.query<DeploymentCounts>(COUNTS);
    return rows[0] ?? { open: 0, blocking: 0 };
  });
}
