/**
 * The Inbox: approvals and escalations as messages, each open escalation's options (so a
 * reply can name one), and a reply that settles the record and its decision together (FR-29).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listEscalations } from '../../http/escalations';
import { listInbox, replyToInbox } from '../../http/inbox';
import { refreshOpenCount } from '../../shared/open-count';
import { keys } from '../../shared/query-keys';

async function readInbox() {
  const [messages, escalations] = await Promise.all([
    listInbox(),
    // Without them a reply still works: it can name an option by its words.
    listEscalations({ status: 'open' }).catch(() => []),
  ]);
  const options: Record<string, string[]> = {};
  for (const escalation of escalations) if (escalation.options) options[`escalation:${escalation.id}`] = escalation.options;
  return { messages, options };
}

export function useInbox() {
  return useQuery({ queryKey: keys.inbox, queryFn: readInbox });
}

/** A reply; once it is accepted, the Inbox and the open count are read again before it settles. */
export function useReply(messageId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => replyToInbox(messageId, text),
    onSuccess: () => Promise.all([client.refetchQueries({ queryKey: keys.inbox }), refreshOpenCount()]),
  });
}
