/**
 * The queue's reads and the changes made from the list: a tab with as many cards as are loaded
 * (E17: the first 25, then "Load 25 more"), the filters' menus, Archive and Restore, Archive
 * all, a new stack from picked cards, and hiding the health line. Each change reads the queue
 * afresh — the same number of cards, so nothing that was loaded is dropped (FR-7).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QUEUE_PAGE_MAX, type QueuePage, type QueueTab } from '../../../../domain/queue';
import { listAgents } from '../../http/agents';
import { archiveAll, archiveDecision, readQueuePage, restoreDecision, type QueueFilters } from '../../http/decisions';
import { hideHealthLine } from '../../http/health-settings';
import { listMissions } from '../../http/missions';
import { createStack } from '../../http/stacks';
import { listTasks } from '../../http/tasks';
import { rememberOpenCount } from './last-known';
import { keys } from '../../shared/query-keys';

/**
 * The first `shown` cards of a tab as one page, in as few reads as the server's page maximum
 * allows (one, up to 100): every card once, with the first read's counts and health line.
 */
async function readShown(tab: QueueTab, filters: QueueFilters, shown: number, signal?: AbortSignal): Promise<QueuePage> {
  const first = await readQueuePage(tab, filters, 0, Math.min(shown, QUEUE_PAGE_MAX), signal);
  const cards = [...first.decisions];
  let read = first.decisions.length;
  let last = read;
  while (last > 0 && read < shown && read < first.counts.total) {
    const next = await readQueuePage(tab, filters, read, Math.min(shown - read, QUEUE_PAGE_MAX), signal);
    last = next.decisions.length;
    read += last;
    // A card that moved up between two reads is listed once.
    const seen = new Set(cards.map((card) => card.id));
    cards.push(...next.decisions.filter((card) => !seen.has(card.id)));
  }
  return { ...first, decisions: cards };
}

export function useQueue(tab: QueueTab, filters: QueueFilters, shown: number) {
  const filterKey = JSON.stringify(filters);
  const query = useQuery({
    queryKey: keys.queueTab(tab, filters, shown),
    // The signal cancels a read its query no longer wants: typing on in the search drops the
    // read of the words before, so an older answer can never land after a newer one.
    queryFn: async ({ signal }) => {
      const page = await readShown(tab, filters, shown, signal);
      rememberOpenCount(page.counts.open);
      return page;
    },
    // "Load 25 more" keeps the loaded cards on screen while the longer read runs; another tab
    // or filter is another list, so it shows its own loading state instead.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === tab && JSON.stringify(previousQuery.queryKey[2]) === filterKey ? previous : undefined,
  });
  return {
    page: query.data ?? null,
    /** E13: a failed read is an error state, never an empty queue. */
    failed: query.isError,
    refresh: query.refetch,
    /** The next page is being read (the loaded cards stay on screen meanwhile). */
    loadingMore: query.isPlaceholderData,
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

/** FR-43: Archive from a card in the list; the decision's own read (its detail pane) reads afresh too. */
export function useArchive() {
  const client = useQueryClient();
  const changed = useQueueChanged();
  return useMutation({
    mutationFn: archiveDecision,
    onSettled: (_result, _error, id) => {
      void changed();
      void client.invalidateQueries({ queryKey: keys.decision(id) });
    },
  });
}

/** E18, §6.12: Restore from the Archived tab, or the archive toast's Undo. */
export function useRestore() {
  const client = useQueryClient();
  const changed = useQueueChanged();
  return useMutation({
    mutationFn: restoreDecision,
    // The toast's Undo restores a decision whose pane may be on screen: it reads afresh too.
    onSettled: (_result, _error, id) => {
      void changed();
      void client.invalidateQueries({ queryKey: keys.decision(id) });
    },
  });
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
