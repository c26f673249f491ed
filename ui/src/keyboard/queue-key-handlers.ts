/**
 * What each §6.17 key does on the queue page. The handlers act on the DOM the page renders,
 * found by data attributes, so the controls stay plain components.
 */
import type { QueueAction } from './key-map';

/** Sent to the detail pane by `u`. */
export const UNDO_LATEST = 'cast:undo-latest';

const detail = () => document.querySelector<HTMLElement>('.detail');
const focusFirstControl = (element: Element | null | undefined) =>
  element?.querySelector<HTMLElement>('input, textarea, button, a[href]')?.focus();
/** The approval ask the keys act on: the focused one, else the first open one. */
const approvalAsk = () =>
  (document.activeElement?.closest('[data-kind="approval"]') as HTMLElement | null) ??
  detail()?.querySelector<HTMLElement>('[data-open][data-kind="approval"]');
const focusReason = () => detail()?.querySelector<HTMLElement>('.reason textarea')?.focus();

export function queueKeyHandlers(page: {
  move: (step: 1 | -1) => void;
  current: string | null;
  openHelp: () => void;
}): Partial<Record<QueueAction, (key: string) => void>> {
  return {
    nextDecision: () => page.move(1),
    previousDecision: () => page.move(-1),
    next: () => page.move(1),
    previous: () => page.move(-1),
    openFirstAsk: () => focusFirstControl(detail()?.querySelector('[data-open]')),
    focusAsk: (key) => focusFirstControl(detail()?.querySelector(`[data-ask="${key}"]`)),
    approve: () => approvalAsk()?.querySelector<HTMLElement>('[data-answer="approve"]')?.click(),
    reject: () => {
      approvalAsk()?.querySelector<HTMLElement>('[data-answer="reject"]')?.click();
      requestAnimationFrame(focusReason);
    },
    focusReason,
    // The detail pane knows which answer is newest and whether it can still be undone.
    undo: () => detail()?.dispatchEvent(new CustomEvent(UNDO_LATEST)),
    archive: () => detail()?.querySelector<HTMLElement>('[data-action="archive"]')?.click(),
    help: page.openHelp,
    toList: () => document.querySelector<HTMLElement>(`[data-card="${page.current}"]`)?.focus(),
  };
}
