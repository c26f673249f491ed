import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AskState } from '../../../../domain/decision-view-schema';
import type { Submit } from './submit';

type ActionAsk = Extract<AskState, { kind: 'action' }>;

/** An action ask: something only a person can do, marked done with an optional note (§6.3). */
export function ActionControl({ ask, submit }: { ask: ActionAsk; submit: Submit }) {
  const { t } = useTranslation();
  const id = useId();
  const [note, setNote] = useState('');
  return (
    <div className="ask-control" role="group" aria-label={ask.prompt}>
      <p className="prompt">{ask.prompt}</p>
      {ask.context && <p className="ask-context">{ask.context}</p>}
      {ask.instructions && <p>{ask.instructions}</p>}
      <label htmlFor={id}>{t('ask.note')}</label>
      <textarea id={id} value={note} maxLength={1000} rows={2} onChange={(e) => setNote(e.target.value)} />
      <button type="button" onClick={() => submit({ kind: 'action', done: true, ...(note.trim() ? { note: note.trim() } : {}) })}>
        {t('ask.markDone')}
      </button>
    </div>
  );
}
