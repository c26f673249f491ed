/**
 * `cast_decisions_open` and `cast_decisions_blocking`: the whole deployment's, with no
 * per-workspace labels, read from PostgreSQL when Prometheus scrapes (one query for both,
 * within a deadline). Every API process reports the same deployment-wide figure, so a
 * dashboard takes `max` across them, never `sum`.
 */
import { Gauge } from 'prom-client';
import { deploymentCounts, type DeploymentCounts } from '../db/deployment-counts';
import type { Pool } from '../db/pool';
import type { Logger } from '../runtime/logger';
import { metricsRegistry } from '../runtime/metrics';

/** Well inside a scrape's timeout; the counts take a few milliseconds. */
const DEADLINE_MS = 1000;
/** Both gauges' collects in one scrape share one read. */
const SHARED_MS = 1000;

let source: { pool: Pool; logger: Logger } | null = null;
let last: { at: number; counts: Promise<DeploymentCounts | null> } | null = null;

function read(): Promise<DeploymentCounts | null> {
  if (!source) return Promise.resolve(null);
  if (last && Date.now() - last.at < SHARED_MS) return last.counts;
  const { pool, logger } = source;
  const counts = deploymentCounts(pool, DEADLINE_MS).catch((error: unknown) => {
    // The gauges keep their last reading; /readyz and the API's own errors say PostgreSQL is away.
    logger.warn({ err: error }, 'metrics: the open and blocking decisions could not be counted');
    return null;
  });
  last = { at: Date.now(), counts };
  return counts;
}

function gauge(name: string, help: string, pick: (counts: DeploymentCounts) => number): Gauge {
  return new Gauge({
    name,
    help,
    registers: [],
    async collect() {
      const counts = await read();
      if (counts) this.set(pick(counts));
    },
  });
}

const gauges = [
  gauge('cast_decisions_open', 'Open decisions in the whole deployment.', (counts) => counts.open),
  gauge(
    'cast_decisions_blocking',
    'Open decisions that block their agent (posted blocking; an advisory one never does), in the whole deployment.',
    (counts) => counts.blocking,
  ),
];

/** Serves the gauges from `pool` in this process's metrics (the API's: `npm start` and bin/api.ts). */
export function watchDecisionGauges(pool: Pool, logger: Logger): void {
  if (!source) for (const each of gauges) metricsRegistry.registerMetric(each);
  source = { pool, logger };
  last = null;
}
