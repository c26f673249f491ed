/**
 * A `<dialog>` shown modal while `open` (§6.17, FR-64): Esc closes it — the browser's own
 * cancel, which the queue's keys leave alone (use-queue-keys.ts) — and, however it closes,
 * focus goes back to the element that had it before it opened (or, when what the dialog did
 * removed that element, to the page's heading), never to the page body. `returnFocus: false`
 * leaves that to a caller that chooses where focus goes itself.
 */
import { useEffect, useRef } from 'react';

export function useModalDialog(open = true, { returnFocus = true }: { returnFocus?: boolean } = {}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    return () => {
      if (element.open) element.close();
      if (!returnFocus) return;
      // Once the dialog has left (a modal dialog keeps the rest of the page from taking focus).
      requestAnimationFrame(() => {
        if (document.querySelector('dialog[open]')) return;
        const back = before?.isConnected && before !== document.body ? before : document.querySelector<HTMLElement>('main h1');
        back?.focus();
      });
    };
  }, [open, returnFocus]);
  return dialog;
}
