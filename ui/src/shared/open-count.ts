/**
 * The sidebar's counts: open decisions beside My Decisions (§6.1), and Inbox messages still
 * waiting for a reply beside Inbox. Pages that already read the open count (the unfiltered
 * queue, Home) publish what they read; the sidebar asks `GET /api/v1/home` for the rest. A read
 * that started before a newer publish of the open count is dropped, so an old count never
 * overwrites a fresh one.
 */
import { useSyncExternalStore } from 'react';
import { readHome } from '../http/home';

let count: number | null = null;
let inbox: number | null = null;
let blocking: number | null = null;
let version = 0;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));

export function publishOpenCount(open: number): void {
  version += 1;
  if (open === count) return;
  count = open;
  changed();
}

export function publishInboxCount(open: number): void {
  if (open === inbox) return;
  inbox = open;
  changed();
}

/** What blocks, for the tab's title (issue 40 item 2): every read of the whole queue's counts publishes it. */
export function publishBlockingCount(count: number): void {
  if (count === blocking) return;
  blocking = count;
  changed();
}

export async function refreshOpenCount(): Promise<void> {
  const started = version;
  try {
    const { counts } = await readHome();
    publishInboxCount(counts.inbox);
    if (version === started) {
      publishOpenCount(counts.open);
      publishBlockingCount(counts.blocking);
    }
  } catch {
    // The badges keep their last known values; the pages say when they cannot load.
  }
}

export function useOpenCount(): number | null {
  return useSyncExternalStore(subscribe, () => count);
}

export function useBlockingCount(): number | null {
  return useSyncExternalStore(subscribe, () => blocking);
}

export function useInboxCount(): number | null {
  return useSyncExternalStore(subscribe, () => inbox);
}
