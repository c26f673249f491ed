/** Loads the queue a page at a time: the first 25, then "Load 25 more" on request (E17). */
import { useCallback, useEffect, useState } from 'react';
import { api } from '../http-client';
import type { QueuePage } from '../types';
import { queueApiPath, type Filters, type Tab } from './query';

const LAST_KNOWN = 'cast.lastKnown';
export type LastKnown = { open: number; at: number };

/** The last open count read successfully, for the error state (§6.9). */
export function lastKnown(): LastKnown | null {
  try {
    return JSON.parse(localStorage.getItem(LAST_KNOWN) ?? 'null') as LastKnown | null;
  } catch {
    return null;
  }
}

export function useQueue(tab: Tab, filters: Filters) {
  const [page, setPage] = useState<QueuePage | null>(null);
  const [failed, setFailed] = useState(false);
  const key = JSON.stringify(filters);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const fresh = await api<QueuePage>(queueApiPath(tab, JSON.parse(key) as Filters, 0));
      setPage(fresh);
      localStorage.setItem(LAST_KNOWN, JSON.stringify({ open: fresh.counts.open, at: Date.now() } satisfies LastKnown));
    } catch {
      // E13: a failed read is an error state, never an empty queue.
      setFailed(true);
    }
  }, [tab, key]);

  const loadMore = useCallback(async () => {
    if (!page) return;
    try {
      const more = await api<QueuePage>(queueApiPath(tab, JSON.parse(key) as Filters, page.decisions.length));
      setPage({ ...more, decisions: [...page.decisions, ...more.decisions] });
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
