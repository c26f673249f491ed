/**
 * The health line's ⋯ menu (§6.13): Adjust the band, Hide for 30 days. A menu button like
 * the answered ask's (ask-menu.tsx): arrow keys move, Escape closes and returns focus.
 */
import { useTranslation } from 'react-i18next';
import { useMenu } from '../../shared/use-menu';

export function HealthMenu({ onAdjust, onHide }: { onAdjust: () => void; onHide: () => void }) {
  const { t } = useTranslation();
  const { open, setOpen, menuId, wrapper, menu, button, onKeyDown, onBlur } = useMenu();

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
