// The bench's worker bundle: Cast's workflows plus a no-op baseline for a bare Update round trip.
import { condition, defineUpdate, setHandler } from '@temporalio/workflow';

export * from '../../workflows';

export const noopUpdate = defineUpdate<number, [number]>('noop');

export async function noopWorkflow(): Promise<void> {
  setHandler(noopUpdate, (value) => value);
  await condition(() => false);
}
