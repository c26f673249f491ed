/**
 * What the queue page shows besides what it read: the tab, filters, selected decision and
 * how many cards are loaded (kept in the URL), whether the detail replaces the list, the cards picked for a new stack,
 * the one dialog open, and the last outcome told in the live region (with the archive it can undo).
 */
import type { QueueFilters } from '../../http/decisions';
import { QUEUE_PAGE } from '../../http/decisions';
import { SHOWN_MAX, type QueueUrl, type Tab } from './query';
import type { RuleRef } from '../../../../domain/automatic-answer';

export type QueueDialog = 'help' | 'archive-all' | 'group' | 'band';

export type QueueView = QueueUrl & {
  /** Below 768 px the panes stack: a chosen decision replaces the list until Back (§6.15). */
  detailOpen: boolean;
  picked: ReadonlySet<string>;
  dialog: QueueDialog | null;
  message: string | null;
  /** The decision the last words said was archived, while they are on show: their toast offers Undo. */
  undoArchive: string | null;
  /** The rule whose answer the last words said was undone (issue 42 item 6): their toast offers to disable it. */
  offerDisable: RuleRef | null;
};

export type QueueViewChange =
  | { type: 'tab'; tab: Tab }
  | { type: 'filter'; filters: QueueFilters }
  /** A card chosen: selected and shown. */
  | { type: 'open'; id: string }
  /** The selection moved (j/k, the next decision, or none to fall back to the first). */
  | { type: 'select'; id: string | null }
  | { type: 'detail'; open: boolean }
  /** "Load 25 more": the next page joins what is loaded, and stays through every refresh (FR-6, FR-7). */
  | { type: 'more' }
  | { type: 'pick'; id: string }
  | { type: 'unpick-all' }
  | { type: 'dialog'; dialog: QueueDialog | null }
  | { type: 'say'; message: string; undoArchive?: string; offerDisable?: RuleRef };

/** A cleared menu leaves no key behind: an empty filter is the whole queue. */
function withoutBlanks(filters: QueueFilters): QueueFilters {
  const kept: QueueFilters = {};
  if (filters.for === 'everyone') kept.for = 'everyone';
  if (filters.agent) kept.agent = filters.agent;
  if (filters.task) kept.task = filters.task;
  if (filters.mission) kept.mission = filters.mission;
  if (filters.kind) kept.kind = filters.kind;
  if (filters.q) kept.q = filters.q;
  return kept;
}

export function openQueueView(url: QueueUrl): QueueView {
  return { ...url, detailOpen: url.id !== null, picked: new Set(), dialog: null, message: null, undoArchive: null, offerDisable: null };
}

export function changeQueueView(view: QueueView, change: QueueViewChange): QueueView {
  switch (change.type) {
    case 'tab':
      return { ...view, tab: change.tab, id: null, picked: new Set(), shown: QUEUE_PAGE };
    case 'filter':
      return { ...view, filters: withoutBlanks(change.filters), id: null, shown: QUEUE_PAGE };
    case 'open':
      return { ...view, id: change.id, detailOpen: true };
    case 'select':
      return { ...view, id: change.id };
    case 'detail':
      return { ...view, detailOpen: change.open };
    case 'more':
      return { ...view, shown: Math.min(view.shown + QUEUE_PAGE, SHOWN_MAX) };
    case 'pick': {
      const picked = new Set(view.picked);
      if (!picked.delete(change.id)) picked.add(change.id);
      return { ...view, picked };
    }
    case 'unpick-all':
      return { ...view, picked: new Set() };
    case 'dialog':
      return { ...view, dialog: change.dialog };
    case 'say':
      return { ...view, message: change.message, undoArchive: change.undoArchive ?? null, offerDisable: change.offerDisable ?? null };
  }
}
