import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AskState } from '../../../../domain/decision-view-schema';
import { ReasonField } from '../reason-field';
import type { Submit } from './submit';

type ChoiceAsk = Extract<AskState, { kind: 'decision' }>;

/** A decision ask: radios, or checkboxes for a multi-select (§6.3). */
export function ChoiceControl({ ask, submit }: { ask: ChoiceAsk; submit: Submit }) {
  const { t } = useTranslation();
  const id = useId();
  const [selected, setSelected] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const recommended = ask.options.findIndex((option) => option.recommended) + 1;
  const needsReason = recommended > 0 && selected.length > 0 && !selected.includes(recommended);
  const toggle = (n: number) =>
    setSelected((current) => (ask.multiple ? (current.includes(n) ? current.filter((x) => x !== n) : [...current, n]) : [n]));

  return (
    <fieldset aria-describedby={needsReason ? `${id}-reason` : undefined} id={id}>
      <legend>{ask.prompt}</legend>
      {ask.context && <p className="ask-context">{ask.context}</p>}
      {ask.multiple && <p className="help">{t('ask.chooseRange', { min: ask.min ?? 1, max: ask.max ?? ask.options.length })}</p>}
      {ask.options.map((option, index) => (
        <label key={index} className="option">
          <input
            type={ask.multiple ? 'checkbox' : 'radio'}
            name={id}
            checked={selected.includes(index + 1)}
            onChange={() => toggle(index + 1)}
          />
          <span>{option.label}</span>
          {option.consequence && <span className="consequence">{option.consequence}</span>}
          {option.recommended && <span className="tag">{t('queue.recommended')}</span>}
        </label>
      ))}
      {needsReason && <ReasonField required value={reason} onChange={setReason} describes={id} />}
      <button
        type="button"
        disabled={selected.length === 0 || (needsReason && !reason.trim())}
        onClick={() => submit({ kind: 'decision', selected }, reason.trim() || undefined)}
      >
        {t('ask.answer')}
      </button>
    </fieldset>
  );
}
