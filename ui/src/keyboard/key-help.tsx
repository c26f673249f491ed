import { useTranslation } from 'react-i18next';
import { KEY_MAP } from './key-map';
import { useModalDialog } from '../shared/use-modal-dialog';

/**
 * The `?` sheet: every binding, so the keyboard is discoverable (FR-64); Esc closes it and focus
 * goes back. Mounted only while open, like the queue's other dialogs.
 */
export function KeyHelp({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useModalDialog();
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="key-help-title" aria-describedby="key-help-permission" className="key-help">
      <h2 id="key-help-title">{t('keys.title')}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('keys.key')}</th>
            <th scope="col">{t('keys.where')}</th>
            <th scope="col">{t('keys.does')}</th>
          </tr>
        </thead>
        <tbody>
          {KEY_MAP.map((binding) => (
            <tr key={binding.action} data-testid="key-binding">
              <td>{t(`keys.label.${binding.action}`)}</td>
              <td>{t(`keys.scope.${binding.where}`)}</td>
              <td>{t(`keys.action.${binding.action}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p id="key-help-permission">{t('keys.permissionNote')}</p>
      <p>{t('keys.pausedNote')}</p>
      <button type="button" onClick={onClose}>
        {t('keys.close')}
      </button>
    </dialog>
  );
}
