/**
 * Starts a workflow under an id that names the one thing it is for, once: a retried start finds
 * it started (or finished) under that id and leaves it (a delivery's tries, a member delivery's
 * retries).
 */
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';

export async function startOnce(
  client: Client,
  workflowType: string,
  options: { workflowId: string; taskQueue: string; args: unknown[] },
): Promise<void> {
  try {
    await client.workflow.start(workflowType, { ...options, workflowIdReusePolicy: 'REJECT_DUPLICATE' });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}
