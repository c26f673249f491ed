/**
 * A menu button's behaviour (WAI-ARIA menu button): opening focuses the first item, arrow
 * keys, Home and End move, Escape closes and gives focus back to the button, and the
 * queue's own keys stop at the menu. `onBlur` closes it when focus leaves it and its button.
 */
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

export function useMenu() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowDown') items[(at + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(at - 1 + items.length) % items.length]?.focus();
    else if (event.key === 'Home') items[0]?.focus();
    else if (event.key === 'End') items.at(-1)?.focus();
    else return;
    event.preventDefault();
    // The queue's own keys (Esc returns to the list) stop at the menu.
    event.stopPropagation();
  }

  function onBlur(event: FocusEvent) {
    if (open && !wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  return { open, setOpen, menuId, wrapper, menu, button, close, onKeyDown, onBlur };
}
