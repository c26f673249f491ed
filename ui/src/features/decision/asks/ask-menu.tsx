/**
 * The answered ask's menu (§6.4): Undo — or, where it cannot, the reason it cannot (FR-38,
 * E6, E7, and a decision archived or withdrawn), never hidden — Copy answer, and Open Run. Undo's own line says it cannot take
 * back what the agent already did (FR-41).
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { UndoState } from '../../../../../domain/undo';
import { AppLink } from '../../../shared/app-link';
import { useMenu } from '../../../shared/use-menu';
import { useMay } from '../../../shared/session';

/** The reason Undo cannot act, in the catalogue's words; null when it can. */
export function undoBlockedText(t: TFunction, undo: UndoState | undefined, agent: string, closedAs: ClosedAs): string | null {
  if (!undo || undo.available) return null;
  if (undo.reason === 'acted') return t('undo.blockedActed', { agent });
  if (undo.reason === 'window') return t('undo.blockedWindow');
  if (closedAs === 'archived') return t('undo.blockedArchived');
  if (closedAs === 'withdrawn') return t('undo.blockedWithdrawn', { agent });
  return t('undo.blockedClosed');
}

/** How the decision closed without an answer, when it did: Undo says so in place of acting. */
export type ClosedAs = 'archived' | 'withdrawn' | null;

export function AskMenu({
  undo,
  agent,
  answerText,
  runId,
  onUndo,
  closedAs = null,
}: {
  undo: UndoState | undefined;
  agent: string;
  answerText: string;
  runId: string | null;
  onUndo: () => void;
  closedAs?: ClosedAs;
}) {
  const { t } = useTranslation();
  const { open, setOpen, menuId, menu, button, close, onKeyDown } = useMenu();
  // Undo is an answer too: a role without decision.answer is not offered it.
  const mayUndo = useMay('decision.answer');

  // FR-38: outside its conditions — past the window, after the agent acted, on an archived or
  // withdrawn decision — Undo is shown disabled with the specific reason, never hidden.
  const blocked = undoBlockedText(t, undo, agent, closedAs);
  const undoLabel = blocked ?? t('undo.item');
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
          {mayUndo && (
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
