/** Shown while cards are picked in the list: how many, "Group into a stack", and a way to let go. */
import { useTranslation } from 'react-i18next';

export function SelectionBar({ count, onGroup, onClear }: { count: number; onGroup: () => void; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="selection-bar" role="group" aria-label={t('stack.selection')} data-testid="selection-bar">
      <span>{t('stack.selected', { count })}</span>
      <button type="button" data-action="group" onClick={onGroup}>
        {t('stack.group')}
      </button>
      <button type="button" onClick={onClear}>
        {t('stack.clearSelection')}
      </button>
    </div>
  );
}
