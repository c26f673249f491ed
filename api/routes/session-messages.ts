/**
 * `/api/v1/sessions/:id/messages` and `/events`: a host appends to its session's log and
 * reads what Cast delivered, by long-poll (`wait`) or server-sent events.
 */
import { Router } from 'express';
import { z } from 'zod';
import { AppendMessageBody, MAX_MESSAGE_WAIT_SECONDS } from '../../domain/session-message';
import type { Pool } from '../../db/pool';
import { appendMessage } from '../../db/session-messages';
import { requireSession } from '../../db/sessions';
import { closedSignal, streamMessages, waitForMessages } from '../message-feed';
import { listLimit } from '../list-limit';
import { parseWith } from '../problem';

const Seq = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const MessagesQuery = z.object({
  after: Seq.default(0),
  wait: z.coerce.number().min(0).max(MAX_MESSAGE_WAIT_SECONDS).default(0),
  limit: listLimit(100, 500),
});
const EventsQuery = z.object({ after: Seq.default(0) });

export function sessionMessagesRouter(deps: { pool: Pool }): Router {
  const router = Router();

  router.post('/:id/messages', async (req, res) => {
    const body = parseWith(AppendMessageBody, req.body);
    const { principal } = res.locals;
    const session = await requireSession(deps.pool, principal, req.params.id);
    const { duplicate, ...message } = await appendMessage(deps.pool, { workspaceId: principal.workspaceId, sessionId: session.id, ...body });
    res.status(duplicate ? 200 : 201).json({ message });
  });

  router.get('/:id/messages', async (req, res) => {
    const query = parseWith(MessagesQuery, req.query);
    const { principal } = res.locals;
    const session = await requireSession(deps.pool, principal, req.params.id);
    const feed = { pool: deps.pool, workspaceId: principal.workspaceId, sessionId: session.id };
    const messages = await waitForMessages(feed, { ...query, waitMs: query.wait * 1000 }, closedSignal(res));
    res.json({ messages, nextAfter: messages.at(-1)?.seq ?? query.after });
  });

  router.get('/:id/events', async (req, res) => {
    const query = parseWith(EventsQuery, req.query);
    // A reconnecting EventSource sends the last id it saw; it is newer than the URL's `after`.
    const lastEventId = Seq.safeParse(req.get('last-event-id'));
    const after = Math.max(query.after, lastEventId.success ? lastEventId.data : 0);
    const { principal } = res.locals;
    const session = await requireSession(deps.pool, principal, req.params.id);
    const feed = { pool: deps.pool, workspaceId: principal.workspaceId, sessionId: session.id };
    try {
      await streamMessages(feed, res, after, closedSignal(res));
    } catch (error) {
      // Headers are sent, so no problem document can follow: end the stream and let the client reconnect.
      req.log.warn({ err: error }, 'session event stream failed');
    } finally {
      res.end();
    }
  });

  return router;
}
