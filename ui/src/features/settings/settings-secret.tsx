/**
 * A token's secret, shown the one time it exists in the browser: when it is minted. Copy puts
 * it on the clipboard; where the clipboard is unavailable (an insecure origin, a refused
 * permission) the text is selected instead, so Ctrl+C copies it. Done forgets it for good.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function SettingsSecret({
  title,
  secret,
  lines,
  onDone,
}: {
  title: string;
  secret: string;
  /** What to do with it, in order: who to give it to, and how. */
  lines: string[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<'copied' | 'selected' | null>(null);

  // Announced and reached at once: the secret is the one thing on screen that will not come back.
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setStatus('copied');
    } catch {
      field.current?.focus();
      field.current?.select();
      setStatus('selected');
    }
  }

  return (
    <section className="settings-secret" aria-labelledby={`${id}-title`} data-testid="secret">
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {title}
      </h3>
      <p className="settings-once">
        <strong id={`${id}-once`}>{t('settings.secret.once')}</strong>
      </p>
      <label htmlFor={`${id}-field`}>{t('settings.secret.field')}</label>
      <div className="field-row">
        <input
          id={`${id}-field`}
          ref={field}
          className="settings-secret-field"
          readOnly
          value={secret}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${id}-once`}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" onClick={() => void copy()}>
          {t('settings.secret.copy')}
        </button>
      </div>
      <p className="help" role="status" data-testid="copy-status">
        {status === 'copied' ? t('settings.secret.copied') : status === 'selected' ? t('settings.secret.selected') : ''}
      </p>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <button type="button" onClick={onDone}>
        {t('settings.secret.done')}
      </button>
    </section>
  );
}
