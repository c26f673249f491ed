/**
 * `GET /api/v1/decisions/:id/wait?timeout=S`: holds the request until the decision leaves
 * open (answered, withdrawn or archived) or the timeout passes (no longer than
 * CAST_LONG_POLL_MAX_SECONDS, so a proxy's idle timeout never cuts it), then returns it with the
 * message its session received (`cast decide wait`). It sleeps until the change listener hears
 * the decision's status change, so an answer given through any API process releases a waiter
 * held by any other. A drain ends the wait early with the same "not settled yet" answer
 * (drain-cut.ts), which clients poll again on. The credential it was made with ending ends it
 * with a 401 (credential-watch.ts).
 */
import { notFound } from '../../domain/errors';
import { composeAnswerMessage } from '../../domain/answer-message';
import type { decisionRoutes } from '../../domain/routes/decisions';
import { getDecision } from '../../db/decision-queries';
import { CHANNELS, type ChangeListener } from '../../db/change-listener';
import type { Pool } from '../../db/pool';
import { holdSignal, markDrainCut } from '../drain-cut';
import type { Lifecycle } from '../lifecycle';
import { CredentialWatch } from '../credential-watch';
import { pollUntil } from '../message-feed';
import { type Handlers } from '../mount-routes';
import { decisionIdParam } from './decision-id';

export function decisionWaitHandlers(deps: {
  pool: Pool;
  longPollMaxMs: number;
  lifecycle: Lifecycle;
  changes?: ChangeListener;
}): Handlers<Pick<typeof decisionRoutes, 'waitForDecision'>> {
  return {
    waitForDecision: async ({ params, query }, { principal, res }) => {
      const id = decisionIdParam(params.id);
      const watch = new CredentialWatch(deps.pool, principal, holdSignal(res, deps.lifecycle), deps.changes);
      let decision: Awaited<ReturnType<typeof getDecision>>;
      try {
        decision = await pollUntil(
          () => getDecision(deps.pool, principal, id),
          (read) => read === null || read.status !== 'open',
          Math.min(query.timeout * 1000, deps.longPollMaxMs),
          watch.signal,
          deps.changes?.topic(CHANNELS.decisions, `${principal.workspaceId}:${id}`),
        );
        // Nothing read after the credential ended is handed over: a 401 instead.
        if (query.timeout > 0) await watch.confirm();
      } finally {
        watch.stop();
      }
      markDrainCut(res, deps.lifecycle);
      if (!decision) throw notFound('decision');
      const settled = decision.status !== 'open';
      const message = decision.status === 'resolved' ? composeAnswerMessage(decision) : null;
      return { decision, settled, message };
    },
  };
}
