/**
 * The queue's state in the URL, so any view is a link (FR-5): tab, filters, the selected id,
 * and how many cards are loaded (`shown`, 25 at a time), so a reload keeps what "Load more" loaded.
 */
import { AskKind } from '../../../../domain/ask';
import { answeredByActor, QueueTab } from '../../../../domain/queue';
import { QUEUE_PAGE, type QueueFilters } from '../../http/decisions';

export const TABS = QueueTab;
export type Tab = QueueTab;

export const FILTER_KEYS = ['for', 'agent', 'task', 'mission', 'kind', 'q', 'answeredBy'] as const;
export type Filters = QueueFilters;

/** List mode groups and lists; step mode shows one decision at full width and advances on answer. */
export type Mode = 'list' | 'step';

export type QueueUrl = { tab: Tab; filters: Filters; id: string | null; mode: Mode; shown: number };

/** The most a link can ask to have loaded at once: forty pages. */
export const SHOWN_MAX = 1000;

/** A whole number of pages from 1 to SHOWN_MAX / 25; anything else is the first page. */
function readShown(value: string | null): number {
  const pages = Math.ceil(Number(value) / QUEUE_PAGE);
  return Number.isInteger(pages) && pages >= 1 ? Math.min(pages * QUEUE_PAGE, SHOWN_MAX) : QUEUE_PAGE;
}

const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab === value);
const isAskKind = (value: string | null): value is AskKind => AskKind.some((kind) => kind === value);

export function readQueueUrl(search = location.search): QueueUrl {
  const params = new URLSearchParams(search);
  const tab = params.get('tab');
  const filters: Filters = {};
  for (const key of ['agent', 'task', 'mission', 'q'] as const) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  // An ask kind the queue does not know filters nothing.
  const kind = params.get('kind');
  if (isAskKind(kind)) filters.kind = kind;
  // The queue opens on "For me" (issue 41 item 1): only Everyone is in the address.
  if (params.get('for') === 'everyone') filters.for = 'everyone';
  // Issue 42 item 6: what one rule answered (`rule:<id>`), linked from the rule; anything else filters nothing.
  const answeredBy = params.get('answeredBy');
  if (answeredBy && answeredByActor(answeredBy)) filters.answeredBy = answeredBy;
  const mode = params.get('mode') === 'step' ? 'step' : 'list';
  return { tab: isTab(tab) ? tab : 'open', filters, id: params.get('id'), mode, shown: readShown(params.get('shown')) };
}

export function queueSearch(state: QueueUrl): string {
  const params = new URLSearchParams();
  if (state.mode === 'step') params.set('mode', 'step');
  if (state.tab !== 'open') params.set('tab', state.tab);
  for (const key of FILTER_KEYS) {
    const value = state.filters[key];
    if (value) params.set(key, value);
  }
  if (state.shown > QUEUE_PAGE) params.set('shown', String(state.shown));
  if (state.id) params.set('id', state.id);
  const query = params.toString();
  return query ? `?${query}` : '';
}
