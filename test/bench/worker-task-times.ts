/**
 * Where a write's time goes inside the worker, by Temporal's own metrics (the core SDK's
 * Prometheus exporter, which the bench turns on): the worker's time per workflow task, and per
 * local activity, by workflow type, over one series of calls. Each baseline runs as a workflow
 * type of its own (test/bench/bench-workflows.ts), so the means do not mix: the bare no-op, the
 * no-op awaiting one local activity, and Cast's decision workflow (issue 39 item 14).
 */
import { samples, scrape } from '../support/prometheus-text';

/** What a series leaves behind, by workflow type: task count, mean task time, mean local activity time. */
export type WorkerTaskTimes = Record<string, { tasks: number; taskMs: number; localActivityMs: number | null }>;

type Totals = Map<string, { sum: number; count: number }>;

const TASK = 'temporal_workflow_task_execution_latency_seconds';
const LOCAL_ACTIVITY = 'temporal_local_activity_execution_latency_seconds';

/** Sums and counts of the two histograms, by metric and workflow type, as they stand now. */
async function totals(url: string): Promise<Totals> {
  const found: Totals = new Map();
  for (const sample of samples(await scrape(url))) {
    const metric = [TASK, LOCAL_ACTIVITY].find((name) => sample.name === `${name}_sum` || sample.name === `${name}_count`);
    const type = sample.labels.workflow_type;
    if (!metric || !type) continue;
    const key = `${metric}|${type}`;
    const total = found.get(key) ?? { sum: 0, count: 0 };
    if (sample.name.endsWith('_sum')) total.sum += sample.value;
    else total.count += sample.value;
    found.set(key, total);
  }
  return found;
}

/** Runs `series` and returns what it does, with the worker's task times it took by workflow type. */
export async function withWorkerTaskTimes<T>(url: string, series: () => Promise<T>): Promise<[T, WorkerTaskTimes]> {
  const before = await totals(url);
  const result = await series();
  const after = await totals(url);
  const mean = (metric: string, type: string) => {
    const key = `${metric}|${type}`;
    const [end, start] = [after.get(key), before.get(key) ?? { sum: 0, count: 0 }];
    const count = (end?.count ?? 0) - start.count;
    return count > 0 ? { count, ms: (1000 * ((end?.sum ?? 0) - start.sum)) / count } : null;
  };
  const times: WorkerTaskTimes = {};
  for (const key of after.keys()) {
    const [metric, type] = key.split('|') as [string, string];
    if (metric !== TASK) continue;
    const task = mean(TASK, type);
    if (!task) continue;
    times[type] = { tasks: task.count, taskMs: task.ms, localActivityMs: mean(LOCAL_ACTIVITY, type)?.ms ?? null };
  }
  return [result, times];
}
