/**
 * Waiting for a task to end: the long-poll every Cast client waits on a decision with
 * (`untilSettled`, which sleeps in the API until the change listener hears the decision move),
 * so a listen costs one held request per task, never a poll loop. Cast being unreachable or
 * busy for a while (a restart, a deploy) is waited out and the wait taken up again; Cast
 * refusing it (the token revoked) ends it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { DecisionView } from '../../../domain/decision';
import { ApiError } from '../../api-error';
import { untilSettled } from '../core/card';
import { taskOf, type DecisionTask } from './decision-task';
import type { ToolDeps } from './tool-result';

/** How long to wait before asking again after Cast did not answer: long enough to let a restart finish. */
const RETRY_MS = 3000;

/** A refusal stays a refusal when asked again (a 429 or a 5xx passes). */
const refused = (error: unknown) => error instanceof ApiError && error.problem.status < 500 && error.problem.status !== 429;

/** The task as it ends (completed or cancelled); rejects when `signal` aborts or Cast refuses the wait. */
export async function taskEnd(deps: ToolDeps, id: DecisionView['id'], signal: AbortSignal): Promise<DecisionTask> {
  for (;;) {
    try {
      const { decision, message } = await untilSettled(deps.api, id, signal);
      return taskOf(decision, message, deps.pageUrl(id));
    } catch (error) {
      if (signal.aborted || refused(error)) throw error;
      await sleep(RETRY_MS, undefined, { signal });
    }
  }
}
