/** Binds the §6.17 keys on the queue page; the handlers act on the DOM the page renders. */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { actionFor, type CardKind, type QueueAction } from './key-map';

type Handlers = Partial<Record<QueueAction, (key: string) => void>>;

function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit'].includes(target.type))
  );
}

/** Enter on a link or on a button other than a card keeps its own meaning: follow it, press it. */
function ownsEnter(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && target.closest('a[href], button, summary, select') !== null && target.closest('[data-card]') === null
  );
}

/** A radio group and a select move their own choice with the arrow keys; ↓ and ↑ are not "next decision" there. */
function ownsArrows(target: EventTarget | null): boolean {
  return (target instanceof HTMLInputElement && target.type === 'radio') || target instanceof HTMLSelectElement;
}

function inDialog(target: EventTarget | null): boolean {
  return (target instanceof Element && target.closest('dialog') !== null) || document.querySelector('dialog[open]') !== null;
}

/** `card` says what the detail shows now: on a permission card the number keys do nothing. */
export function useQueueKeys(handlers: Handlers, card: CardKind = 'other'): void {
  // The listener is bound once and reads the latest handlers, updated before paint, so a
  // key pressed right after a render acts on what that render shows.
  const latest = useRef({ handlers, card });
  useLayoutEffect(() => {
    latest.current = { handlers, card };
  });
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      // A dialog's keys are its own: Esc closes it (the browser's cancel), and j, k or ? typed
      // in it are text. Taking them here would keep the dialog from ever closing on Esc.
      if (inDialog(event.target)) return;
      if (event.key === 'Enter' && ownsEnter(event.target)) return;
      if (event.key.startsWith('Arrow') && ownsArrows(event.target)) return;
      const action = actionFor(event.key, inTextField(event.target), latest.current.card);
      const handler = action ? latest.current.handlers[action] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler(event.key);
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
