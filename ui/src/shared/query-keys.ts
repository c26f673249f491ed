/** Every query's key in one place, so a change can say which reads it makes stale. */
import type { QueueFilters } from '../http/decisions';
import type { QueueTab } from '../../../domain/queue';

export const keys = {
  session: ['session'] as const,
  /** Whether this Cast offers sign-in with an identity provider (issue 41 item 6). */
  oidcOffer: ['oidc-offer'] as const,
  queue: ['queue'] as const,
  /** A tab under a filter, with how many of its cards are loaded. */
  queueTab: (tab: QueueTab, filters: QueueFilters, shown: number) => ['queue', tab, filters, shown] as const,
  filterChoices: ['filter-choices'] as const,
  decision: (id: string) => ['decision', id] as const,
  stack: (id: string) => ['stack', id] as const,
  healthSettings: ['health-settings'] as const,
  home: ['home'] as const,
  inbox: ['inbox'] as const,
  activity: ['activity'] as const,
  names: ['names'] as const,
  analytics: (days: number) => ['analytics', days] as const,
  instructions: (agentId: string, draftFrom: string | null) => ['instructions', agentId, draftFrom] as const,
  run: (id: string) => ['run', id] as const,
  task: (id: string) => ['task', id] as const,
  taskBoard: ['task-board'] as const,
};
