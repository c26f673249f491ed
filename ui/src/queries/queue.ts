/**
 * The queue's reads and the changes made from the list: a tab a page at a time (E17: the
 * first 25, then "Load 25 more"), the filters' menus, Restore, Archive all, a new stack from
 * picked cards, and hiding the health line. Each change reads the queue afresh.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { QueuePage, QueueTab } from '../../../domain/queue';
import { listAgents } from '../api/agents';
import { archiveAll, readQueuePage, restoreDecision, type QueueFilters } from '../api/decisions';
import { hideHealthLine } from '../api/health-settings';
import { listMissions } from '../api/missions';
import { createStack } from '../api/stacks';
import { listTasks } from '../api/tasks';
import { rememberOpenCount } from '../queue/last-known';
import { keys } from './keys';

/** The pages read so far as one: every card once, and the latest page's counts and health line. */
function asOnePage(data: InfiniteData<QueuePage, number>): QueuePage {
  return data.pages.reduce((all, page) => {
    const seen = new Set(all.decisions.map((card) => card.id));
    return { ...page, decisions: [...all.decisions, ...page.decisions.filter((card) => !seen.has(card.id))] };
  });
}

export function useQueue(tab: QueueTab, filters: QueueFilters) {
  const query = useInfiniteQuery({
    queryKey: keys.queueTab(tab, filters),
    queryFn: async ({ pageParam }) => {
      const page = await readQueuePage(tab, filters, pageParam);
      if (pageParam === 0) rememberOpenCount(page.counts.open);
      return page;
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.decisions.length, 0);
      return last.decisions.length > 0 && loaded < last.counts.total ? loaded : undefined;
    },
    select: asOnePage,
  });
  return {
    page: query.data ?? null,
    /** E13: a failed read is an error state, never an empty queue. */
    failed: query.isError,
    refresh: query.refetch,
    loadMore: query.fetchNextPage,
  };
}

/** Refreshes every queue tab on screen (a change was made; its list reads afresh). */
function useQueueChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.queue });
}

type Named = { id: string; name: string };

/** The agent, task and mission menus; a list that cannot be read only empties its menu. */
async function readFilterChoices(): Promise<Record<'agent' | 'task' | 'mission', Named[]>> {
  const [agent, task, mission] = await Promise.all([
    listAgents().then(
      (agents) => agents.map(({ id, name }) => ({ id, name })),
      () => [],
    ),
    listTasks().then(
      (tasks) => tasks.map(({ id, title }) => ({ id, name: title })),
      () => [],
    ),
    listMissions().then(
      (missions) => missions.map(({ id, name }) => ({ id, name })),
      () => [],
    ),
  ]);
  return { agent, task, mission };
}

export function useFilterChoices() {
  return useQuery({ queryKey: keys.filterChoices, queryFn: readFilterChoices }).data ?? { agent: [], task: [], mission: [] };
}

/** E18, §6.12: Restore from the Archived tab. */
export function useRestore() {
  const changed = useQueueChanged();
  return useMutation({ mutationFn: restoreDecision, onSettled: () => void changed() });
}

/** §6.11, FR-44: the oldest 200 the filter matches; what was skipped is counted. */
export function useArchiveAll() {
  const changed = useQueueChanged();
  return useMutation({ mutationFn: archiveAll, onSettled: () => void changed() });
}

/** A new stack from the picked cards, in the order shown. Refused (a card joined a stack meanwhile), the list reads afresh to show where. */
export function useGroupIntoStack() {
  const changed = useQueueChanged();
  return useMutation({
    mutationFn: ({ title, decisions }: { title: string; decisions: string[] }) => createStack(title, decisions),
    onError: () => void changed(),
  });
}

/** "Hide for 30 days": settles once the queue has been read again, without the line. */
export function useHideHealthLine() {
  const changed = useQueueChanged();
  return useMutation({ mutationFn: hideHealthLine, onSettled: changed });
}
