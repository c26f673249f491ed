// The bench's worker bundle: Cast's workflows plus no-op baselines — a bare update-with-start
// (filing's baseline: a new run of this workflow per call), a bare Update round trip, and one
// that awaits a no-op local activity (the least an update that mirrors can cost), each of the
// last sent to a `noopLocalWorkflow`.
import { condition, defineUpdate, proxyLocalActivities, setHandler } from '@temporalio/workflow';

export * from '../../workflows';

export const noopUpdate = defineUpdate<number, [number]>('noop');
export const noopLocalUpdate = defineUpdate<number, [number]>('noopLocal');

export type BenchActivities = { echo(value: number): Promise<number> };

const { echo } = proxyLocalActivities<BenchActivities>({ startToCloseTimeout: '10 seconds' });

export async function noopWorkflow(): Promise<void> {
  setHandler(noopUpdate, (value) => value);
  setHandler(noopLocalUpdate, (value) => echo(value));
  await condition(() => false);
}

/**
 * The same workflow under a type of its own, for the baselines that await the local activity:
 * Temporal's metrics are labelled by workflow type, so the worker's task times of the two
 * baselines are told apart (test/bench/worker-task-times.ts).
 */
export async function noopLocalWorkflow(): Promise<void> {
  return noopWorkflow();
}
