/** `/api/v1/inbox`: approvals and escalations as messages, and a reply that settles one. */
import { inboxRoutes } from '../../../domain/routes/inbox';
import { call } from './call';

export const listInbox = () => call(inboxRoutes.listInbox, { query: { limit: 200 } }).then((body) => body.messages);

/** The record's status after the reply. */
export const replyToInbox = (id: string, text: string) =>
  call(inboxRoutes.replyToInbox, { params: { id }, body: { text } }).then((body) =>
    'approval' in body ? body.approval.status : body.escalation.status,
  );
