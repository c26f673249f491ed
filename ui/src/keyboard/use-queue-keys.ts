/** Binds the §6.17 keys on the queue page; the handlers act on the DOM the page renders. */
import { useEffect } from 'react';
import { actionFor, type QueueAction } from './key-map';

function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit'].includes(target.type));
}

export function useQueueKeys(handlers: Partial<Record<QueueAction, (key: string) => void>>): void {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const action = actionFor(event.key, inTextField(event.target));
      const handler = action ? handlers[action] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler(event.key);
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [handlers]);
}
