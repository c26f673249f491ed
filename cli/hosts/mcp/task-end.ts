/**
 * Waiting for a task to end: the long-poll every Cast client waits on a decision with
 * (`closedById`, which sleeps in the API until the change listener hears the decision move),
 * so a listen costs one held request per task, never a poll loop. Cast being unreachable or
 * busy for a while (a restart, a deploy) is waited out and the wait taken up again; Cast
 * refusing it (the token revoked) ends it.
 */
import { ProtocolError } from '@modelcontextprotocol/server';
import { setTimeout as sleep } from 'node:timers/promises';
import { refusalOf } from '../../../client/host-core/cast-api';
import { closedById } from '../../../client/host-core/card';
import type { DecisionTask } from './decision-task';
import { readTask } from './task-read';
import type { ToolDeps } from './tool-result';

/** How long to wait before asking again after Cast did not answer: long enough to let a restart finish. */
const RETRY_MS = 3000;

/** A refusal stays a refusal when asked again (a 429 or a 5xx passes); so does a task gone from this token's sight. */
function refused(error: unknown): boolean {
  if (error instanceof ProtocolError) return true;
  const status = refusalOf(error)?.status;
  return status !== undefined && status < 500 && status !== 429;
}

/** The task as it ends (completed or cancelled); rejects when `signal` aborts or Cast refuses the wait. */
export async function taskEnd(deps: ToolDeps, id: string, signal: AbortSignal): Promise<DecisionTask> {
  for (;;) {
    try {
      await closedById(deps.api, id, signal);
      // Read once more for what the answer's message was (the wait's own answer is the decision alone).
      return await readTask(deps, id, signal);
    } catch (error) {
      if (signal.aborted || refused(error)) throw error;
      await sleep(RETRY_MS, undefined, { signal });
    }
  }
}
