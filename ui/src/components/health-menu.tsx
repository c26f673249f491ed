/**
 * The health line's ⋯ menu (§6.13): Adjust the band, Hide for 30 days. A menu button like
 * the answered ask's (ask-menu.tsx): arrow keys move, Escape closes and returns focus.
 */
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export function HealthMenu({ onAdjust, onHide }: { onAdjust: () => void; onHide: () => void }) {
  const { t } = useTranslation();
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

  // Focus leaving the menu and its button (Tab, a click elsewhere) closes it.
  function onBlur(event: FocusEvent) {
    if (open && !wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  function choose(action: () => void) {
    setOpen(false);
    // Focus returns to the menu button first, so a dialog opened from here gives it back on close.
    button.current?.focus();
    action();
  }

  return (
    <div className="health-menu" ref={wrapper} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('health.menu')}
        onClick={() => setOpen((value) => !value)}
      >
        {t('health.menuGlyph')}
      </button>
      {open && (
        <ul id={menuId} role="menu" ref={menu} onKeyDown={onKeyDown} aria-label={t('health.menu')}>
          <li role="none">
            <button type="button" role="menuitem" data-action="adjust-band" onClick={() => choose(onAdjust)}>
              {t('health.adjust')}
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" data-action="hide-health" onClick={() => choose(onHide)}>
              {t('health.hide')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
