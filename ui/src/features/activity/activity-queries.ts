/** Activity: the workspace's history, fifty entries at a time (Load older), and names for the ids it carries. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { listActivity } from '../../http/activity';
import { listAgents } from '../../http/agents';
import { listMembers } from '../../http/people';
import { listTasks } from '../../http/tasks';
import { keys } from '../../shared/query-keys';

export const ACTIVITY_PAGE = 50;

/** Names only: a list that cannot be read leaves its ids as they are. */
async function readNames() {
  const [agents, tasks, members] = await Promise.all([
    listAgents().catch(() => []),
    listTasks().catch(() => []),
    listMembers().catch(() => []),
  ]);
  return {
    agents: Object.fromEntries(agents.map((agent) => [agent.id, agent.name])),
    members: Object.fromEntries(members.map((member) => [member.id, member.name])),
    tasks: Object.fromEntries(tasks.map((task) => [task.id, task.title])),
  };
}

export function useActivity() {
  const entries = useInfiniteQuery({
    queryKey: keys.activity,
    queryFn: ({ pageParam }) => listActivity({ limit: ACTIVITY_PAGE, ...(pageParam ? { before: pageParam } : {}) }),
    initialPageParam: 0,
    // A full page may have older entries behind it.
    getNextPageParam: (last) => (last.length === ACTIVITY_PAGE ? last.at(-1)?.seq : undefined),
  });
  const names = useQuery({ queryKey: keys.names, queryFn: readNames });
  return { entries, names };
}
