import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { SendHint } from './send-hint';

/** The reason a rejection or a choice against the recommendation needs (FR-24, FR-65). */
export function ReasonField({
  required,
  value,
  onChange,
  describes,
  fieldRef,
  sendHint = true,
}: {
  required: boolean;
  value: string;
  onChange: (value: string) => void;
  /** The id of the control that made the reason required, tied to it for assistive tech. */
  describes: string;
  /** For the keys that focus it (w, and n on an approval). */
  fieldRef?: Ref<HTMLTextAreaElement>;
  /** Say that Ctrl/⌘+Enter sends from here; off where another field of the ask already says it, or where it does not send. */
  sendHint?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="reason" id={`${describes}-reason`}>
      <label htmlFor={id}>{required ? t('ask.reasonRequired') : t('ask.reasonOptional')}</label>
      <textarea
        ref={fieldRef}
        id={id}
        value={value}
        maxLength={1000}
        required={required}
        aria-describedby={sendHint ? `${id}-help ${id}-send` : `${id}-help`}
        onChange={(e) => onChange(e.target.value)}
        rows={2}
      />
      <p id={`${id}-help`} className="help">
        {t('ask.reasonHelp')}
      </p>
      {sendHint && <SendHint id={`${id}-send`} />}
    </div>
  );
}
