/**
 * The card a post returns to the agent (cast-decide): the decision, the notes on what it
 * lacks, and the session's other open decisions with how old and how far behind they are.
 */
import type { DecisionView } from '../../domain/decision';
import type { OpenElsewhere } from '../../domain/decision-view-schema';
import { STALE_HINT, staleness } from '../../domain/staleness';
import { listSessionDecisions } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import { getSession } from '../../db/sessions';

export type { OpenElsewhere };

export async function openInSession(
  pool: Pool,
  access: { workspaceId: string; memberId: string },
  sessionId: string,
  except?: string,
): Promise<{ decisions: OpenElsewhere[]; hint: string | null }> {
  const [session, decisions] = await Promise.all([
    getSession(pool, access, sessionId),
    listSessionDecisions(pool, access.workspaceId, sessionId),
  ]);
  const now = new Date();
  const open = decisions
    .filter((decision) => decision.status === 'open' && decision.id !== except)
    .map((decision) => describeOpen(decision, session?.messageCount ?? 0, now));
  return { decisions: open, hint: open.some((decision) => decision.stale) ? STALE_HINT : null };
}

export function describeOpen(decision: DecisionView, messageCount: number, now: Date): OpenElsewhere {
  const age = staleness(new Date(decision.createdAt), decision.messagesAtAsk ?? messageCount, messageCount, now);
  return {
    id: decision.id,
    question: decision.question,
    askedAgo: age.asked,
    messagesSince: age.messagesSince,
    line: age.line,
    stale: age.stale,
  };
}
