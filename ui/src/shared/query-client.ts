/**
 * The UI's query cache (TanStack Query), set to read the way the queue always has: a page
 * reads afresh when it arrives, what is not on screen is not kept (§6.6: never a stale line
 * or count), a failed read is an error state at once (E13), and the queue refreshes on its
 * own schedule (FR-7, use-visible-refresh.ts) rather than on focus or reconnect.
 */
import { notifyManager, QueryClient } from '@tanstack/react-query';

// Results reach React on a microtask, not on `setTimeout(0)`: a tab whose timers are held
// back (a background tab's throttling, a test's paused clock) still draws what it read.
notifyManager.setScheduler((callback) => queueMicrotask(callback));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 0,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}
