/**
 * `/api/v1/sessions/:id/messages` and `/events` (declared in domain/routes/sessions.ts): a host
 * appends to its session's log and reads what Cast delivered, by long-poll (`wait`) or
 * server-sent events.
 */
import type { Pool } from '../../db/pool';
import { appendMessage as appendMessageRow } from '../../db/session-messages';
import { requireSession } from '../../db/sessions';
import { appendMessage, readMessages, streamMessages } from '../../domain/routes/sessions';
import { closedSignal, streamMessages as streamMessageFeed, waitForMessages } from '../message-feed';
import { handle, reply, WROTE, type MountedRoute } from '../mount-routes';

export function sessionMessageHandlers(deps: { pool: Pool }): MountedRoute[] {
  return [
    handle(appendMessage, async ({ params, body }, { principal }) => {
      const session = await requireSession(deps.pool, principal, params.id);
      const { duplicate, ...message } = await appendMessageRow(deps.pool, {
        workspaceId: principal.workspaceId,
        sessionId: session.id,
        ...body,
      });
      return reply(appendMessage, { status: duplicate ? 200 : 201, body: { message } });
    }),
    handle(readMessages, async ({ params, query }, { principal, res }) => {
      const session = await requireSession(deps.pool, principal, params.id);
      const feed = { pool: deps.pool, workspaceId: principal.workspaceId, sessionId: session.id };
      const messages = await waitForMessages(feed, { ...query, waitMs: query.wait * 1000 }, closedSignal(res));
      return { messages, nextAfter: messages.at(-1)?.seq ?? query.after };
    }),
    handle(streamMessages, async ({ params, query, headers }, { principal, req, res }) => {
      // A reconnecting EventSource sends the last id it saw; it is newer than the URL's `after`.
      const after = Math.max(query.after, headers['last-event-id'] ?? 0);
      const session = await requireSession(deps.pool, principal, params.id);
      const feed = { pool: deps.pool, workspaceId: principal.workspaceId, sessionId: session.id };
      try {
        await streamMessageFeed(feed, res, after, closedSignal(res));
      } catch (error) {
        // Headers are sent, so no problem document can follow: end the stream and let the client reconnect.
        req.log.warn({ err: error }, 'session event stream failed');
      } finally {
        res.end();
      }
      return WROTE;
    }),
  ];
}
