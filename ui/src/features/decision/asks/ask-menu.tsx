/**
 * The answered ask's menu (§6.4): Undo — or, where it cannot, the reason it cannot (FR-38,
 * E6, E7), never hidden — Copy answer, and Open Run. Undo's own line says it cannot take
 * back what the agent already did (FR-41).
 */
import { useTranslation } from 'react-i18next';
import type { UndoState } from '../../../../../domain/undo';
import { AppLink } from '../../../shared/app-link';
import { useMenu } from '../../../shared/use-menu';
import { useMay } from '../../../shared/session';

export function AskMenu({
  undo,
  agent,
  answerText,
  runId,
  onUndo,
}: {
  undo: UndoState | undefined;
  agent: string;
  answerText: string;
  runId: string | null;
  onUndo: () => void;
}) {
  const { t } = useTranslation();
  const { open, setOpen, menuId, menu, button, close, onKeyDown } = useMenu();
  // Undo is an answer too: a role without decision.answer is not offered it.
  const mayUndo = useMay('decision.answer');

  const blocked = undo && !undo.available ? undo.reason : null;
  const undoLabel =
    blocked === 'acted' ? t('undo.blockedActed', { agent }) : blocked === 'window' ? t('undo.blockedWindow') : t('undo.item');
  return (
    <div className="ask-menu">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('undo.menu')}
        onClick={() => setOpen((value) => !value)}
      >
        {t('undo.menuGlyph')}
      </button>
      {open && (
        <ul id={menuId} role="menu" ref={menu} onKeyDown={onKeyDown} aria-label={t('undo.menu')}>
          {blocked !== 'closed' && mayUndo && (
            <li role="none">
              <button
                type="button"
                role="menuitem"
                data-action="undo"
                aria-disabled={blocked ? 'true' : undefined}
                onClick={() => {
                  if (blocked) return;
                  setOpen(false);
                  onUndo();
                }}
              >
                {undoLabel}
              </button>
              {!blocked && <span className="help">{t('undo.note', { agent })}</span>}
            </li>
          )}
          <li role="none">
            <button type="button" role="menuitem" onClick={() => (void navigator.clipboard?.writeText(answerText), close())}>
              {t('undo.copy')}
            </button>
          </li>
          {runId && (
            <li role="none">
              <AppLink role="menuitem" href={`/runs/${encodeURIComponent(runId)}`}>
                {t('undo.openRun')}
              </AppLink>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
