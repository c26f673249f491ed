/**
 * The open-decision count the sidebar shows beside My Decisions (§6.1). Pages that already read
 * it (the unfiltered queue, Home) publish what they read; otherwise the sidebar asks
 * `GET /api/v1/home`. A read that started before a newer publish is dropped, so an old count
 * never overwrites a fresh one.
 */
import { useSyncExternalStore } from 'react';
import { readHome } from '../http/home';

let count: number | null = null;
let version = 0;
const listeners = new Set<() => void>();

export function publishOpenCount(open: number): void {
  version += 1;
  if (open === count) return;
  count = open;
  for (const listener of listeners) listener();
}

export async function refreshOpenCount(): Promise<void> {
  const started = version;
  try {
    const { counts } = await readHome();
    if (version === started) publishOpenCount(counts.open);
  } catch {
    // The badge keeps its last known value; the pages say when they cannot load.
  }
}

export function useOpenCount(): number | null {
  return useSyncExternalStore(
    (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
    () => count,
  );
}
