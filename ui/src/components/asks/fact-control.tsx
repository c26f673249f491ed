import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AskState } from '../../../../domain/decision-view-schema';
import type { Submit } from './submit';

type FactAsk = Extract<AskState, { kind: 'fact' }>;
const FACT_MAX = 4000;

/** A fact ask: what only the person knows, up to 4,000 characters (§6.3). */
export function FactControl({ ask, submit }: { ask: FactAsk; submit: Submit }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  return (
    <div className="ask-control">
      <label htmlFor={id}>{ask.prompt}</label>
      {ask.context && <p className="ask-context">{ask.context}</p>}
      {ask.multiline ? (
        <textarea id={id} value={text} maxLength={FACT_MAX} rows={4} onChange={(e) => setText(e.target.value)} />
      ) : (
        <input id={id} value={text} maxLength={FACT_MAX} onChange={(e) => setText(e.target.value)} />
      )}
      <p className="help">{t('ask.characters', { count: text.length, max: FACT_MAX })}</p>
      <button type="button" disabled={!text.trim()} onClick={() => submit({ kind: 'fact', text: text.trim() })}>
        {t('ask.answer')}
      </button>
    </div>
  );
}
