/** The queue's state in the URL, so any view is a link (FR-5): tab, filters, the selected id. */
export const TABS = ['open', 'answered', 'archived'] as const;
export type Tab = (typeof TABS)[number];

export const FILTER_KEYS = ['agent', 'task', 'mission', 'kind', 'q'] as const;
export type Filters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

/** List mode groups and lists; step mode shows one decision at full width and advances on answer. */
export type Mode = 'list' | 'step';

export type QueueUrl = { tab: Tab; filters: Filters; id: string | null; mode: Mode };

export function readQueueUrl(search = location.search): QueueUrl {
  const params = new URLSearchParams(search);
  const tab = params.get('tab');
  const filters: Filters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const mode = params.get('mode') === 'step' ? 'step' : 'list';
  return { tab: TABS.includes(tab as Tab) ? (tab as Tab) : 'open', filters, id: params.get('id'), mode };
}

export function queueSearch(state: QueueUrl): string {
  const params = new URLSearchParams();
  if (state.mode === 'step') params.set('mode', 'step');
  if (state.tab !== 'open') params.set('tab', state.tab);
  for (const key of FILTER_KEYS) if (state.filters[key]) params.set(key, state.filters[key]!);
  if (state.id) params.set('id', state.id);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The API request for one page of the queue. */
export function queueApiPath(tab: Tab, filters: Filters, offset: number): string {
  const params = new URLSearchParams({ tab, limit: '25', offset: String(offset) });
  for (const key of FILTER_KEYS) if (filters[key]) params.set(key, filters[key]!);
  return `/api/v1/decisions?${params}`;
}
