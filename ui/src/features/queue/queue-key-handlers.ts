/**
 * What each §6.17 key does on the queue page: the page's own moves (j/k, Enter, Esc, ?) and,
 * for the keys that act on the decision on screen, the detail pane's commands. Each returns why
 * it could not act, when it could not, so the person hears it (issue 38 item 6).
 */
import type { TFunction } from 'i18next';
import type { DetailCommands } from '../../keyboard/detail-commands';
import type { QueueAction } from '../../keyboard/key-map';
import type { KeyHandler } from './use-queue-keys';

/** The card that has focus in the list, if one has. */
const focusedCard = () =>
  document.activeElement instanceof HTMLElement ? document.activeElement.closest<HTMLElement>('[data-card]') : null;

export function queueKeyHandlers(
  t: TFunction,
  page: {
    /** Moves to the next or previous decision on screen; false at either end. */
    move: (step: 1 | -1) => boolean;
    /** The selected decision, whose detail is shown. */
    current: string | null;
    /** Selects and shows another decision, then lands on its first open ask once it is drawn. */
    openCard: (id: string) => void;
    /** Shows the detail where it replaces the list (a narrow viewport). */
    openDetail: () => void;
    /** Shows the list again where the detail replaced it, and focuses the current card. */
    backToList: () => void;
    openHelp: () => void;
    /** Switches between "For me" and Everyone (issue 41 item 1). */
    toggleAudience: () => void;
    /** The detail pane's commands, while a decision is drawn. */
    detail: () => DetailCommands | null;
  },
): Partial<Record<QueueAction, KeyHandler>> {
  const move = (by: 1 | -1) => (page.move(by) ? null : t(by === 1 ? 'keys.lastHere' : 'keys.firstHere'));
  /** A key for the decision on screen: only the pane that shows it acts, never a card the list moved. */
  const onShown =
    (command: (detail: DetailCommands, key: string) => string | null): KeyHandler =>
    (key) => {
      const detail = page.detail();
      return detail ? command(detail, key) : t('keys.noDecisionShown');
    };
  return {
    nextDecision: () => move(1),
    previousDecision: () => move(-1),
    next: () => move(1),
    previous: () => move(-1),
    openFirstAsk: () => {
      // §6.17 "the focused decision's": after Tab to another card, Enter opens that one.
      const focused = focusedCard()?.dataset.card;
      if (focused && focused !== page.current) return page.openCard(focused);
      page.openDetail();
      // Once a pane hidden on a narrow screen is drawn.
      requestAnimationFrame(() => page.detail()?.focusFirstAsk());
    },
    focusAsk: onShown((detail, key) => detail.focusAsk(Number(key))),
    approve: onShown((detail) => detail.approve()),
    reject: onShown((detail) => detail.reject()),
    focusReason: onShown((detail) => detail.focusReason()),
    undo: onShown((detail) => detail.undoLatest()),
    archive: onShown((detail) => detail.archive()),
    help: page.openHelp,
    audience: page.toggleAudience,
    toList: page.backToList,
  };
}
