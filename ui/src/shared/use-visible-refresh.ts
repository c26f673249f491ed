/**
 * FR-7: refresh at most every 30 s while the tab is visible, never while it is hidden. A change
 * of `restartOn` (a new tab or filter, whose own read just happened) starts the 30 s afresh.
 */
import { useEffect } from 'react';

export const REFRESH_MS = 30_000;

export function useVisibleRefresh(refresh: () => void, restartOn: unknown = null, every = REFRESH_MS): void {
  useEffect(() => {
    let last = Date.now();
    const tick = () => {
      if (document.visibilityState !== 'visible' || Date.now() - last < every) return;
      last = Date.now();
      refresh();
    };
    const timer = setInterval(tick, every);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [refresh, restartOn, every]);
}
