/**
 * What each §6.17 key does on the queue page. The handlers act on the DOM the page renders,
 * found by data attributes, so the controls stay plain components.
 */
import type { CardKind, QueueAction } from './key-map';

/** Sent to the detail pane by `u`. */
export const UNDO_LATEST = 'cast:undo-latest';

const detail = () => document.querySelector<HTMLElement>('.detail');
const focusFirstControl = (element: Element | null | undefined) =>
  element?.querySelector<HTMLElement>('input, textarea, button, a[href]')?.focus();
/** The detail pane marks a permission card; the keys check it as well as what the list says. */
const showsPermission = () => detail()?.dataset.cardKind === 'permission';
/** The approval ask the keys act on: the focused one, else the first open one. */
const approvalAsk = () =>
  (document.activeElement?.closest('[data-kind="approval"]') as HTMLElement | null) ??
  detail()?.querySelector<HTMLElement>('[data-open][data-kind="approval"]');
/** Every ask may take a reason (FR-25): the one of the ask in focus, else the first in the pane. */
const focusReason = (ask: Element | null = document.activeElement?.closest('[data-ask]') ?? null) =>
  (ask ?? detail())?.querySelector<HTMLElement>('.reason textarea')?.focus();
/** After the layout changes (a pane shown or hidden), act once the new one is drawn. */
const afterPaint = (act: () => void) => requestAnimationFrame(act);

/** The card that has focus in the list, if one has. */
const focusedCard = () =>
  document.activeElement instanceof HTMLElement ? document.activeElement.closest<HTMLElement>('[data-card]') : null;

export function queueKeyHandlers(page: {
  move: (step: 1 | -1) => void;
  card: CardKind;
  /** The selected decision, whose detail is shown. */
  current: string | null;
  /** Selects and shows another decision, then focuses its first open ask once it is drawn. */
  openCard: (id: string) => void;
  /** Shows the detail where it replaces the list (a narrow viewport, an opened permission card). */
  openDetail: () => void;
  /** Shows the list again where the detail replaced it, and focuses the current card. */
  backToList: () => void;
  openHelp: () => void;
}): Partial<Record<QueueAction, (key: string) => void>> {
  return {
    nextDecision: () => page.move(1),
    previousDecision: () => page.move(-1),
    next: () => page.move(1),
    previous: () => page.move(-1),
    openFirstAsk: () => {
      // §6.17 "the focused decision's": after Tab to another card, Enter opens that one.
      const focused = focusedCard()?.dataset.card;
      if (focused && focused !== page.current) {
        page.openCard(focused);
        return;
      }
      page.openDetail();
      // A permission card is opened, not armed: Enter then lands on its title, so a second
      // Enter cannot approve it; y or n answers it.
      afterPaint(() =>
        page.card === 'permission' || showsPermission()
          ? detail()?.querySelector<HTMLElement>('#detail-title')?.focus()
          : focusFirstControl(detail()?.querySelector('[data-open]')),
      );
    },
    focusAsk: (key) => {
      if (showsPermission()) return;
      focusFirstControl(detail()?.querySelector(`[data-ask="${key}"]`));
    },
    approve: () => approvalAsk()?.querySelector<HTMLElement>('[data-answer="approve"]')?.click(),
    reject: () => {
      const ask = approvalAsk();
      ask?.querySelector<HTMLElement>('[data-answer="reject"]')?.click();
      afterPaint(() => focusReason(ask?.closest('[data-ask]') ?? null));
    },
    focusReason: () => focusReason(),
    // The detail pane knows which answer is newest and whether it can still be undone.
    undo: () => detail()?.dispatchEvent(new CustomEvent(UNDO_LATEST)),
    archive: () => detail()?.querySelector<HTMLElement>('[data-action="archive"]')?.click(),
    help: page.openHelp,
    toList: page.backToList,
  };
}
