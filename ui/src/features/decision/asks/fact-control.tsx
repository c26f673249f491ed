import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AskState } from '../../../../../domain/decision-view-schema';
import { ReasonField } from '../../../shared/reason-field';
import { AskForm, focusIn } from './ask-form';
import { useAskCommands } from './ask-commands';
import { OptionalNote } from './optional-note';
import type { Submit } from './submit';
import { SendHint } from '../../../shared/send-hint';

type FactAsk = Extract<AskState, { kind: 'fact' }>;
const FACT_MAX = 4000;

/**
 * A fact ask: what only the person knows, up to 4,000 characters (§6.3), and an optional reason
 * (FR-25). Enter answers from a one-line field; Ctrl/⌘+Enter from a multi-line one (§6.17).
 */
export function FactControl({ ask, submit }: { ask: FactAsk; submit: Submit }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  const answer = text.trim();
  const reasonField = useRef<HTMLTextAreaElement>(null);
  useAskCommands(ask.position, {
    land: () => document.getElementById(id)?.focus(),
    focusReason: () => reasonField.current?.focus(),
    // Typed and not sent: it goes with the answer that closes the decision (issue 39 item 6).
    unsent: () => (answer === '' ? null : { value: { kind: 'fact', text: answer }, reason: reason.trim() || undefined }),
  });
  return (
    <AskForm
      ready={answer !== ''}
      onSubmit={() => submit({ kind: 'fact', text: answer }, reason.trim() || undefined)}
      whenNotReady={(form) => focusIn(form, `[id="${id}"]`)}
    >
      <div className="ask-control" id={`${id}-control`}>
        <label htmlFor={id}>{ask.prompt}</label>
        {ask.context && <p className="ask-context">{ask.context}</p>}
        <OptionalNote ask={ask} />
        {ask.multiline ? (
          <textarea
            id={id}
            value={text}
            maxLength={FACT_MAX}
            rows={4}
            aria-describedby={`${id}-send`}
            onChange={(e) => setText(e.target.value)}
          />
        ) : (
          <input id={id} value={text} maxLength={FACT_MAX} onChange={(e) => setText(e.target.value)} />
        )}
        <p className="help">{t('ask.characters', { count: text.length, max: FACT_MAX })}</p>
        {ask.multiline && <SendHint id={`${id}-send`} />}
        <ReasonField
          required={false}
          value={reason}
          onChange={setReason}
          describes={`${id}-control`}
          fieldRef={reasonField}
          sendHint={!ask.multiline}
        />
        <button type="submit" className="primary" disabled={answer === ''}>
          {t('ask.answer')}
        </button>
      </div>
    </AskForm>
  );
}
