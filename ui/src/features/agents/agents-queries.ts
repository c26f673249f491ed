/** The workspace's agents, for the Agents page (§6.8 "Open Agents"). */
import { useQuery } from '@tanstack/react-query';
import { listAgents } from '../../http/agents';

// Kept here rather than in keys.ts while that file is being reworked; nothing else reads or invalidates it.
const AGENTS_KEY = ['agents'] as const;

export function useAgents() {
  return useQuery({ queryKey: AGENTS_KEY, queryFn: listAgents });
}
