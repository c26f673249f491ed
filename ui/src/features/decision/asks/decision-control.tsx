import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { needsReason } from '../../../../../domain/ask';
import type { AskState } from '../../../../../domain/decision-view-schema';
import { ReasonField } from '../../../shared/reason-field';
import { AskForm, focusIn } from './ask-form';
import { useAskCommands } from './ask-commands';
import type { OptionPageHref, Submit } from './submit';
import { OptionalNote } from './optional-note';

type DecisionAsk = Extract<AskState, { kind: 'decision' }>;

/**
 * A decision ask: radios, or checkboxes for a multi-select (§6.3), each option with its own
 * page beside it when the agent wrote one. A multi-select stops at its maximum at the control:
 * the other boxes are disabled and the limit is said. Picking against the recommendation makes
 * the reason required (FR-24); otherwise it is offered as optional (FR-25). Enter on an option
 * answers (§6.17); Ctrl/⌘+Enter does from the reason, which is there from the start, so `w` has a
 * field to go to before anything is picked. Enter on a radio not yet chosen chooses it
 * and says so (a second Enter answers); ↓ and ↑ walk a multi-select's boxes as they walk radios.
 * Cancel beside Answer (§6.3) clears the pick and the reason.
 */
export function DecisionControl({ ask, submit, optionPage }: { ask: DecisionAsk; submit: Submit; optionPage: OptionPageHref }) {
  const { t } = useTranslation();
  const id = useId();
  const [selected, setSelected] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [min, max] = [ask.min ?? 1, ask.max ?? ask.options.length];
  const full = ask.multiple && selected.length >= max;
  const required = selected.length > 0 && needsReason(ask, { kind: 'decision', selected });
  const ready = selected.length >= (ask.multiple ? min : 1) && !(required && !reason.trim());
  const [hint, setHint] = useState<string | null>(null);
  const box = useRef<HTMLFieldSetElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const inputs = () => [...(box.current?.querySelectorAll<HTMLInputElement>('input:not(:disabled)') ?? [])];
  useAskCommands(ask.position, {
    land: () => (inputs().find((input) => input.checked) ?? inputs()[0])?.focus(),
    focusReason: () => reasonField.current?.focus(),
    // Picked and not sent: it goes with the answer that closes the decision (issue 39 item 6);
    // a pick that cannot go as it is (a reason missing, too few boxes) holds that answer back.
    unsent: () => {
      if (selected.length === 0) return null;
      if (ready) return { value: { kind: 'decision', selected }, reason: reason.trim() || undefined };
      if (required && !reason.trim()) reasonField.current?.focus();
      else (inputs().find((input) => input.checked) ?? inputs()[0])?.focus();
      setHint(t('ask.finishOptional'));
      return 'incomplete';
    },
  });
  const toggle = (n: number) =>
    setSelected((current) =>
      !ask.multiple ? [n] : current.includes(n) ? current.filter((x) => x !== n) : current.length < max ? [...current, n] : current,
    );

  const cancel = () => {
    setSelected([]);
    setReason('');
    setHint(null);
    inputs()[0]?.focus();
  };

  /** Enter on a radio not yet chosen: choose it, and say that Enter again answers. ↓/↑ between boxes. */
  function onOptionKey(event: KeyboardEvent<HTMLInputElement>, n: number) {
    const input = event.currentTarget;
    if (event.key === 'Enter' && !ask.multiple && !input.checked) {
      event.preventDefault();
      event.stopPropagation();
      toggle(n);
      setHint(t('ask.chosenEnterAgain', { option: ask.options[n - 1]?.label ?? String(n) }));
      return;
    }
    if (ask.multiple && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      const all = inputs();
      const next = all[all.indexOf(input) + (event.key === 'ArrowDown' ? 1 : -1)];
      next?.focus();
    }
  }

  return (
    <AskForm
      ready={ready}
      onSubmit={() => submit({ kind: 'decision', selected }, reason.trim() || undefined)}
      whenNotReady={(form) => {
        if (selected.length > 0 && required) return focusIn(form, '.reason textarea');
        setHint(ask.multiple ? t('ask.chooseRangeFirst', { min, max }) : t('ask.chooseFirst'));
      }}
    >
      <fieldset
        ref={box}
        aria-describedby={[ask.multiple && `${id}-range`, required && `${id}-reason`].filter(Boolean).join(' ') || undefined}
        id={id}
      >
        <legend>{ask.prompt}</legend>
        {ask.context && <p className="ask-context">{ask.context}</p>}
        <OptionalNote ask={ask} />
        {ask.multiple && (
          <div id={`${id}-range`}>
            <p className="help">{t('ask.chooseRange', { min, max })}</p>
            {/* Said as the limit is reached, so a screen reader hears why the other boxes stopped. */}
            <p className="help" aria-live="polite" data-testid="choice-limit">
              {full ? t('ask.atMost', { count: max }) : ''}
            </p>
          </div>
        )}
        {ask.options.map((option, index) => {
          const n = index + 1;
          const checked = selected.includes(n);
          const page = optionPage(ask.position, n);
          return (
            <div key={index} className="option-row">
              <label className="option">
                <input
                  type={ask.multiple ? 'checkbox' : 'radio'}
                  name={id}
                  checked={checked}
                  disabled={full && !checked}
                  onChange={() => {
                    toggle(n);
                    setHint(null);
                  }}
                  onKeyDown={(event) => onOptionKey(event, n)}
                />
                <span>{option.label}</span>
                {option.consequence && <span className="consequence">{option.consequence}</span>}
                {option.recommended && <span className="tag">{t('queue.recommended')}</span>}
              </label>
              {page && (
                <a
                  className="option-page"
                  href={page}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('ask.optionPageFor', { option: option.label })}
                >
                  {t('ask.optionPage')}
                  <span aria-hidden="true"> {t('outcome.arrow')}</span>
                </a>
              )}
            </div>
          );
        })}
        {/* There before a pick, so `w` always has a field to go to (issue 38 item 6); required once a pick goes against the recommendation. */}
        <ReasonField required={required} value={reason} onChange={setReason} describes={id} fieldRef={reasonField} />
        <p className="help" role="status" data-testid="choice-hint">
          {hint}
        </p>
        {/* §6.3 "[ Answer ] [ Cancel ]": Cancel takes back the pick and the reason, and answers nothing. */}
        <div className="buttons">
          <button type="submit" className="primary" disabled={!ready}>
            {t('ask.answer')}
          </button>
          <button type="button" className="quiet" disabled={selected.length === 0 && reason === ''} onClick={cancel}>
            {t('ask.cancel')}
          </button>
        </div>
      </fieldset>
    </AskForm>
  );
}
