/**
 * Temporal's own ceiling on the same server (issue 42, Figures): the open-loop ramp Cast's
 * filing and answering ceilings climb, offered to the bare calls they stand on — an
 * update-with-start of a no-op workflow (filing's) and a no-op Update of a running one
 * (answering's), each to a workflow of its own as each filing and answer is. Cast's ceilings
 * then read as a share of what the server itself holds, which carries from machine to machine
 * where an absolute rate does not.
 */
import { WithStartWorkflowOperation, type Client } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import { noopUpdate, type noopWorkflow } from './bench-workflows';
import type { Reply } from './http-client';
import { rampUntilBroken, type Ceiling, type Step } from './sustained';

export type BareCeilings = { withStart: Ceiling; update: Ceiling };

const DONE: Reply = { ok: true, status: 200, text: '' };

export async function bareCeilings(
  { client, taskQueue, seconds, onStep }: { client: Client; taskQueue: string; seconds: number; onStep: (what: string, step: Step) => void },
  from: { withStart: number; update: number },
): Promise<BareCeilings> {
  const run = `bench-ceiling-${randomUUID()}`;
  const startOperation = (workflowId: string) =>
    new WithStartWorkflowOperation<typeof noopWorkflow>('noopWorkflow', {
      workflowId,
      taskQueue,
      args: [],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
    });
  const withStart = await rampUntilBroken({ from: from.withStart, seconds, onStep: (step) => onStep('update-with-start', step) }, (index) =>
    client.workflow.executeUpdateWithStart(noopUpdate, { args: [index], startWorkflowOperation: startOperation(`${run}-${index}`) }).then(() => DONE),
  );
  // Answering's supply: each step's workflows are started, untimed, before it (as Cast's are filed).
  const started: string[] = [];
  const update = await rampUntilBroken(
    {
      from: from.update,
      seconds,
      prepare: async (needed) => {
        const first = started.length;
        for (let batch = 0; batch < needed; batch += 16) {
          const ids = Array.from({ length: Math.min(16, needed - batch) }, (_, offset) => `${run}-answer-${first + batch + offset}`);
          await Promise.all(ids.map((id) => client.workflow.start('noopWorkflow', { workflowId: id, taskQueue, args: [] })));
          started.push(...ids);
        }
        // As Cast's supply settles before its step: the starts' first workflow tasks done.
        await new Promise((resolve) => setTimeout(resolve, 2000));
      },
      onStep: (step) => onStep('Update', step),
    },
    (index) =>
      client.workflow
        .getHandle(started[index]!)
        .executeUpdate(noopUpdate, { args: [index] })
        .then(() => DONE),
  );
  return { withStart, update };
}
