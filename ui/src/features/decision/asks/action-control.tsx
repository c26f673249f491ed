import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AskState } from '../../../../../domain/decision-view-schema';
import { ReasonField } from '../../../shared/reason-field';
import { AskForm } from './ask-form';
import { useAskCommands } from './ask-commands';
import type { Submit } from './submit';

type ActionAsk = Extract<AskState, { kind: 'action' }>;

/**
 * An action ask: something only a person can do, marked done with an optional note (§6.3) and an
 * optional reason (FR-25); Ctrl/⌘+Enter in either marks it done (§6.17).
 */
export function ActionControl({ ask, submit }: { ask: ActionAsk; submit: Submit }) {
  const { t } = useTranslation();
  const id = useId();
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  // A verdict: the keys land on the ask, not on its button (or link), one Enter from pressing it.
  useAskCommands(ask.position, { land: () => box.current?.focus(), focusReason: () => reasonField.current?.focus() });
  const done = () => submit({ kind: 'action', done: true, ...(note.trim() ? { note: note.trim() } : {}) }, reason.trim() || undefined);
  return (
    <AskForm ready onSubmit={done}>
      <div ref={box} tabIndex={-1} className="ask-control" role="group" aria-label={ask.prompt} id={`${id}-control`}>
        <p className="prompt">{ask.prompt}</p>
        {ask.context && <p className="ask-context">{ask.context}</p>}
        {ask.instructions && <p className="instructions">{ask.instructions}</p>}
        <label htmlFor={id}>{t('ask.note')}</label>
        <textarea id={id} value={note} maxLength={1000} rows={2} onChange={(e) => setNote(e.target.value)} />
        <ReasonField required={false} value={reason} onChange={setReason} describes={`${id}-control`} fieldRef={reasonField} />
        <button type="submit" className="primary">
          {t('ask.markDone')}
        </button>
      </div>
    </AskForm>
  );
}
