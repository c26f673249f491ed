/**
 * What each §6.17 key does on the queue page: the page's own moves (j/k, Enter, Esc, ?) and,
 * for the keys that act on the decision on screen, the detail pane's commands.
 */
import type { DetailCommands } from './detail-commands';
import type { QueueAction } from './key-map';

/** The card that has focus in the list, if one has. */
const focusedCard = () =>
  document.activeElement instanceof HTMLElement ? document.activeElement.closest<HTMLElement>('[data-card]') : null;

export function queueKeyHandlers(page: {
  move: (step: 1 | -1) => void;
  /** The selected decision, whose detail is shown. */
  current: string | null;
  /** Selects and shows another decision, then lands on its first open ask once it is drawn. */
  openCard: (id: string) => void;
  /** Shows the detail where it replaces the list (a narrow viewport). */
  openDetail: () => void;
  /** Shows the list again where the detail replaced it, and focuses the current card. */
  backToList: () => void;
  openHelp: () => void;
  /** The detail pane's commands, while a decision is drawn. */
  detail: () => DetailCommands | null;
}): Partial<Record<QueueAction, (key: string) => void>> {
  return {
    nextDecision: () => page.move(1),
    previousDecision: () => page.move(-1),
    next: () => page.move(1),
    previous: () => page.move(-1),
    openFirstAsk: () => {
      // §6.17 "the focused decision's": after Tab to another card, Enter opens that one.
      const focused = focusedCard()?.dataset.card;
      if (focused && focused !== page.current) return page.openCard(focused);
      page.openDetail();
      // Once a pane hidden on a narrow screen is drawn.
      requestAnimationFrame(() => page.detail()?.focusFirstAsk());
    },
    focusAsk: (key) => page.detail()?.focusAsk(Number(key)),
    approve: () => page.detail()?.approve(),
    reject: () => page.detail()?.reject(),
    focusReason: () => page.detail()?.focusReason(),
    undo: () => page.detail()?.undoLatest(),
    archive: () => page.detail()?.archive(),
    help: page.openHelp,
    toList: page.backToList,
  };
}
