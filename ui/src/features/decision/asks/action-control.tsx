import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AskState } from '../../../../../domain/decision-view-schema';
import { ReasonField } from '../../../shared/reason-field';
import { AskForm } from './ask-form';
import { useAskCommands } from './ask-commands';
import { enterOnAsk } from './enter-on-ask';
import { SendHint } from '../../../shared/send-hint';
import type { Submit } from './submit';
import { OptionalNote } from './optional-note';

type ActionAsk = Extract<AskState, { kind: 'action' }>;

/**
 * An action ask: something only a person can do, marked done with an optional note (§6.3) and an
 * optional reason (FR-25); Ctrl/⌘+Enter in either marks it done (§6.17), and Enter on the ask
 * itself goes to Mark done and says that Enter again presses it (issue 39 item 7).
 */
export function ActionControl({ ask, submit }: { ask: ActionAsk; submit: Submit }) {
  const { t } = useTranslation();
  const id = useId();
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const [hint, setHint] = useState<string | null>(null);
  // A verdict: the keys land on the ask, not on its button (or link), one Enter from pressing it.
  useAskCommands(ask.position, { land: () => box.current?.focus(), focusReason: () => reasonField.current?.focus() });
  const done = () => submit({ kind: 'action', done: true, ...(note.trim() ? { note: note.trim() } : {}) }, reason.trim() || undefined);
  return (
    <AskForm ready onSubmit={done}>
      <div
        ref={box}
        tabIndex={-1}
        className="ask-control"
        role="group"
        aria-label={ask.prompt}
        id={`${id}-control`}
        onKeyDown={(event) => enterOnAsk(event, primary, setHint, t('ask.enterMarksDone'))}
      >
        <p className="prompt">{ask.prompt}</p>
        {ask.context && <p className="ask-context">{ask.context}</p>}
        <OptionalNote ask={ask} />
        {ask.instructions && <p className="instructions">{ask.instructions}</p>}
        <label htmlFor={id}>{t('ask.note')}</label>
        <textarea
          id={id}
          value={note}
          maxLength={1000}
          rows={2}
          aria-describedby={`${id}-send`}
          onChange={(e) => setNote(e.target.value)}
        />
        <SendHint id={`${id}-send`} />
        <ReasonField
          required={false}
          value={reason}
          onChange={setReason}
          describes={`${id}-control`}
          fieldRef={reasonField}
          sendHint={false}
        />
        <button ref={primary} type="submit" className="primary" onBlur={() => setHint(null)}>
          {t('ask.markDone')}
        </button>
        <p className="help" role="status" data-testid="enter-hint">
          {hint}
        </p>
      </div>
    </AskForm>
  );
}
