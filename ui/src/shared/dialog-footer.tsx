/**
 * A dialog's two buttons: Cancel, which closes it with nothing changed, then the one that
 * acts. Where the act destroys something (Revoke), Cancel is the plain button and takes focus
 * first, so Enter alone never does it.
 */
import { useTranslation } from 'react-i18next';

export function DialogFooter({
  label,
  onCancel,
  onAct,
  disabled = false,
  destructive = false,
}: {
  /** The acting button's words. */
  label: string;
  onCancel: () => void;
  /** Absent, the acting button submits the dialog's form. */
  onAct?: () => void;
  disabled?: boolean;
  destructive?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <footer>
      <button type="button" className={destructive ? undefined : 'quiet'} onClick={onCancel} autoFocus={destructive}>
        {t('ask.cancel')}
      </button>
      <button type={onAct ? 'button' : 'submit'} className={destructive ? 'danger' : 'primary'} onClick={onAct} disabled={disabled}>
        {label}
      </button>
    </footer>
  );
}
