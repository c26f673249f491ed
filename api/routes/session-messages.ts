/**
 * `/api/v1/sessions/:id/messages` and `/events` (declared in domain/routes/sessions.ts): a host
 * appends to its session's log and reads what Cast delivered, by long-poll (`wait`) or
 * server-sent events. A drain ends both early (drain-cut.ts): the long-poll as an empty read, the
 * stream with a last `retry:`. The credential they were opened with ending ends both too
 * (credential-watch.ts): the long-poll with a 401, the stream with a last `event: revoked`.
 */
import type { ChangeListener } from '../../db/change-listener';
import type { Pool } from '../../db/pool';
import { appendMessage } from '../../db/session-messages';
import { requireSession } from '../../db/sessions';
import { sessionRoutes } from '../../domain/routes/sessions';
import { endStreamForDrain, holdSignal, markDrainCut } from '../drain-cut';
import type { Lifecycle } from '../lifecycle';
import { CredentialWatch } from '../credential-watch';
import { endStreamForCredential, streamMessages, waitForMessages } from '../message-feed';
import { reply, WROTE, type Handlers } from '../mount-routes';

export function sessionMessageHandlers(deps: {
  pool: Pool;
  /** CAST_LONG_POLL_MAX_SECONDS: `wait` is held no longer, under the proxies' idle timeouts. */
  longPollMaxMs: number;
  lifecycle: Lifecycle;
  changes?: ChangeListener;
}): Handlers<Pick<typeof sessionRoutes, 'appendMessage' | 'readMessages' | 'streamMessages'>> {
  return {
    appendMessage: async ({ params, body }, { principal }) => {
      const session = await requireSession(deps.pool, principal, params.id);
      const { duplicate, ...message } = await appendMessage(deps.pool, {
        workspaceId: principal.workspaceId,
        sessionId: session.id,
        ...body,
      });
      return reply(sessionRoutes.appendMessage, { status: duplicate ? 200 : 201, body: { message } });
    },
    readMessages: async ({ params, query }, { principal, res }) => {
      const session = await requireSession(deps.pool, principal, params.id);
      const feed = { pool: deps.pool, workspaceId: principal.workspaceId, sessionId: session.id, changes: deps.changes };
      const watch = new CredentialWatch(deps.pool, principal, holdSignal(res, deps.lifecycle), deps.changes);
      try {
        const messages = await waitForMessages(feed, { ...query, waitMs: Math.min(query.wait * 1000, deps.longPollMaxMs) }, watch.signal);
        // Nothing read after the credential ended is handed over: a 401 instead.
        if (query.wait > 0) await watch.confirm();
        markDrainCut(res, deps.lifecycle);
        return { messages, nextAfter: messages.at(-1)?.seq ?? query.after };
      } finally {
        watch.stop();
      }
    },
    streamMessages: async ({ params, query, headers }, { principal, req, res }) => {
      // A reconnecting EventSource sends the last id it saw; it is newer than the URL's `after`.
      const after = Math.max(query.after, headers['last-event-id'] ?? 0);
      const session = await requireSession(deps.pool, principal, params.id);
      const feed = { pool: deps.pool, workspaceId: principal.workspaceId, sessionId: session.id, changes: deps.changes };
      const watch = new CredentialWatch(deps.pool, principal, holdSignal(res, deps.lifecycle), deps.changes);
      try {
        await streamMessages(feed, res, after, watch.signal, () => watch.check());
        if (watch.ended) endStreamForCredential(res);
        else endStreamForDrain(res, deps.lifecycle);
      } catch (error) {
        // Headers are sent, so no problem document can follow: end the stream and let the client reconnect.
        req.log.warn({ err: error }, 'session event stream failed');
      } finally {
        watch.stop();
        res.end();
      }
      return WROTE;
    },
  };
}
