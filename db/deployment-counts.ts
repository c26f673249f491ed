/**
 * The whole deployment's open and blocking decisions, for the metrics gauges: read at scrape
 * time, cheaply, from the per-status-and-mode counters (migration 0014) — blocking is the
 * posted mode alone (domain/blocking.ts) — never by reading every decision.
 */
import { withTransaction, type Pool } from './pool';

export type DeploymentCounts = { open: number; blocking: number };

const COUNTS = `select
    (select coalesce(sum(n), 0) from decision_counts where status = 'open')::bigint as open,
    (select coalesce(sum(n), 0) from decision_counts where status = 'open' and mode = 'blocking')::bigint as blocking`;

/** The counts, or an error once PostgreSQL has spent `deadlineMs` on them (the server cancels the query). */
export function deploymentCounts(pool: Pool, deadlineMs: number): Promise<DeploymentCounts> {
  return withTransaction(pool, async (client) => {
    await client.query(`set local statement_timeout = ${Math.max(1, Math.round(deadlineMs))}`);
    const { rows } = await client.query<DeploymentCounts>(COUNTS);
    return rows[0] ?? { open: 0, blocking: 0 };
  });
}
