/**
 * Binds the §6.17 keys on the queue page; the handlers act on the DOM the page renders. A
 * handler that cannot act returns why, which is said in the live region; a key that does nothing
 * here pauses the keys (read-key.ts), so the sentence typed after it runs nothing (issue 38 item 6).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardKind, QueueAction } from '../../keyboard/key-map';
import { isCharacter, readKey } from '../../keyboard/read-key';

/** A key's handler: nothing when it acted, else the words that say why it could not. */
export type KeyHandler = (key: string) => string | null | void;
type Handlers = Partial<Record<QueueAction, KeyHandler>>;

/** Where typed text goes, so no key of the queue's is taken from it: a text field, a select, an editable element. */
function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit', 'reset'].includes(target.type))
  );
}

/** Enter on a link or on a button other than a card keeps its own meaning: follow it, press it. */
function ownsEnter(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && target.closest('a[href], button, summary, select') !== null && target.closest('[data-card]') === null
  );
}

/** A radio group moves its own choice with the arrow keys; ↓ and ↑ are not "next decision" there. */
function ownsArrows(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement && target.type === 'radio';
}

function inDialog(target: EventTarget | null): boolean {
  return (target instanceof Element && target.closest('dialog') !== null) || document.querySelector('dialog[open]') !== null;
}

/**
 * `card` says what the detail shows now: on a permission card the number keys do nothing.
 * `say` puts words in the live region.
 */
export function useQueueKeys(handlers: Handlers, card: CardKind, say: (words: string) => void): void {
  const { t } = useTranslation();
  // The listener is bound once and reads the latest handlers, updated before paint, so a
  // key pressed right after a render acts on what that render shows.
  const latest = useRef({ handlers, card, say, t });
  useLayoutEffect(() => {
    latest.current = { handlers, card, say, t };
  });
  useEffect(() => {
    let paused = false;
    const pause = () => {
      paused = true;
      latest.current.say(latest.current.t('keys.paused'));
    };
    const resume = () => {
      if (!paused) return;
      paused = false;
      latest.current.say(latest.current.t('keys.resumed'));
    };
    function onKey(event: KeyboardEvent) {
      // A chord is the browser's or the control's (Ctrl+Enter submits a reason); an IME composing owns every key.
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || event.isComposing || event.key === 'Process') return;
      // A dialog's keys are its own: Esc closes it (the browser's cancel), and j, k or ? typed
      // in it are text. Taking them here would keep the dialog from ever closing on Esc.
      if (inDialog(event.target)) return;
      if (event.key === 'Enter' && ownsEnter(event.target)) return;
      if (event.key.startsWith('Arrow') && ownsArrows(event.target)) return;
      // Tab moves focus on purpose: the person is no longer typing.
      if (event.key === 'Tab') return resume();
      const { handlers: now, card: shown, say: tell, t: words } = latest.current;
      const reading = readKey({ key: event.key, repeat: event.repeat, inTextField: inTextField(event.target), card: shown, paused });
      if (reading.kind === 'pass') return;
      event.preventDefault();
      switch (reading.kind) {
        case 'held':
          return;
        case 'typed':
        case 'paused':
          // Said once on pausing; while paused, a key is said again so a person who presses j sees why nothing moves.
          return pause();
        case 'inert':
          paused = true;
          return tell(words('prompt.keys'));
        case 'act': {
          if (reading.resumes) resume();
          const refusal = now[reading.action]?.(event.key);
          if (!refusal) return;
          tell(refusal);
          // A letter that could not act is likely the start of typing: the rest of the sentence runs nothing.
          if (isCharacter(event.key)) paused = true;
        }
      }
    }
    // A click or a tap is deliberate: the keys work again.
    const onPointer = () => resume();
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  }, []);
}
