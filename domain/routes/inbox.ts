/**
 * `/api/v1/inbox`: approvals and escalations as messages (§6.16); a reply answers the record
 * through the same resolution path as every other door (FR-29).
 */
import { z } from 'zod';
import { Approval } from '../approval';
import { Escalation } from '../escalation';
import { InboxMessage, InboxReplyBody } from '../inbox';
import { limitQuery } from './list-limit';
import { CHOICE, SETTLE } from './record-errors';
import { route } from './route';

const tag = 'Inbox';

const listInbox = route({
  tag,
  method: 'get',
  path: '/inbox',
  operationId: 'listInbox',
  summary: 'Approvals and escalations as messages',
  query: z.strictObject({ limit: limitQuery(50, 200) }),
  ok: { status: 200, description: 'Messages, newest first.', schema: z.object({ messages: z.array(InboxMessage) }) },
  permission: 'workspace.read',
});

const replyToInbox = route({
  tag,
  method: 'post',
  path: '/inbox/:id/reply',
  operationId: 'replyToInbox',
  summary: 'Reply to an Inbox message',
  description: '"yes", "no — why", a resolution, or an option by number or name settles the record, as its own endpoint would.',
  // Any string: one that names no message reads as a missing one (404 `not_found`).
  params: z.object({ id: z.string().min(1).meta({ description: '`approval:<id>` or `escalation:<id>`.' }) }),
  body: { schema: InboxReplyBody.meta({ id: 'InboxReplyBody' }) },
  ok: {
    status: 200,
    description: 'The approval or the escalation, settled.',
    schema: z.union([z.object({ approval: Approval }), z.object({ escalation: Escalation })]),
  },
  errors: ['not_found', 'approval_not_found', 'escalation_not_found', ...CHOICE, ...SETTLE],
  permission: 'decision.answer',
});

export const inboxRoutes = { listInbox, replyToInbox };
