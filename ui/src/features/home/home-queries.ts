/**
 * Home: the queue's counts and the pending approvals, with the agents' names, and Approve or
 * Reject through the approval's own endpoints (FR-29, E2). Home publishes the counts it read,
 * so the sidebar's badges need no read of their own.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listAgents } from '../../http/agents';
import { approve, reject } from '../../http/approvals';
import { readHome } from '../../http/home';
import { publishBlockingCount, publishInboxCount, publishOpenCount } from '../../shared/open-count';
import { keys } from '../../shared/query-keys';

async function readHomePage() {
  const [home, agents] = await Promise.all([
    readHome(),
    // Names only: without them a row says "No agent named" rather than failing.
    listAgents().catch(() => []),
  ]);
  publishOpenCount(home.counts.open);
  publishBlockingCount(home.counts.blocking);
  publishInboxCount(home.counts.inbox);
  return { home, agents: Object.fromEntries(agents.map((agent) => [agent.id, agent.name])) };
}

export function useHome() {
  return useQuery({ queryKey: keys.home, queryFn: readHomePage });
}

export type Verdict = { verdict: 'approve' } | { verdict: 'reject'; reason: string };

/** Approved or rejected, or refused: either way the block is read again before this settles. */
export function useSettleApproval(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settle: Verdict) => (settle.verdict === 'approve' ? approve(id) : reject(id, settle.reason)),
    onSettled: () => client.refetchQueries({ queryKey: keys.home }),
  });
}
