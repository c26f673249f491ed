/** Loads the queue a page at a time: the first 25, then "Load 25 more" on request (E17). */
import { useCallback, useEffect, useState } from 'react';
import { api } from '../http-client';
import type { QueuePage } from '../types';
import { queueApiPath, type Filters, type Tab } from './query';

export function useQueue(tab: Tab, filters: Filters) {
  const [page, setPage] = useState<QueuePage | null>(null);
  const [failed, setFailed] = useState(false);
  const key = JSON.stringify(filters);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setPage(await api<QueuePage>(queueApiPath(tab, JSON.parse(key) as Filters, 0)));
    } catch {
      // E13: a failed read is an error state, never an empty queue.
      setFailed(true);
    }
  }, [tab, key]);

  const loadMore = useCallback(async () => {
    if (!page) return;
    try {
      const more = await api<QueuePage>(queueApiPath(tab, JSON.parse(key) as Filters, page.decisions.length));
      setPage({ counts: more.counts, decisions: [...page.decisions, ...more.decisions] });
    } catch {
      setFailed(true);
    }
  }, [page, tab, key]);

  useEffect(() => {
    setPage(null);
    void load();
  }, [load]);

  return { page, failed, load, loadMore };
}
