/**
 * Tool grants, per agent (issue 39 item 5): the Settings list, and granting from an access ask.
 * Every change reads the agent's list afresh.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GrantEffect } from '../../../../domain/tool-grant';
import { addGrant, listGrants, removeGrant } from '../../http/grants';

// Kept here rather than in keys.ts: only the grant screens read them.
const grantKeys = {
  all: ['grants'] as const,
  of: (agentId: string) => ['grants', agentId] as const,
};

export function useGrants(agentId: string, enabled = true) {
  return useQuery({ queryKey: grantKeys.of(agentId), queryFn: () => listGrants(agentId), enabled });
}

export function useGrantChanges(agentId: string) {
  const client = useQueryClient();
  const changed = () => void client.invalidateQueries({ queryKey: grantKeys.of(agentId) });
  return {
    add: useMutation({
      mutationFn: ({ toolPattern, effect }: { toolPattern: string; effect: GrantEffect }) => addGrant(agentId, toolPattern, effect),
      onSuccess: changed,
    }),
    remove: useMutation({ mutationFn: (grantId: string) => removeGrant(agentId, grantId), onSuccess: changed }),
  };
}

/** The agent's grants as they are now, read past the cache: what an access ask is checked against. */
export function useFreshGrants() {
  const client = useQueryClient();
  return (agentId: string) => client.fetchQuery({ queryKey: grantKeys.of(agentId), queryFn: () => listGrants(agentId), staleTime: 0 });
}
