/**
 * A stack's two policies (cast-decide "Decision stacks"): when it is due, and after how long
 * an advisory member takes its declared default. Each can be cleared; only what changed is sent.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StackView } from '../../../domain/stack';
import type { StackPolicyBody } from '../../../domain/stack-schema';
import { fromLocalInput, toLocalInput } from './stack-due-input';
import { formatDuration, parseDuration } from '../../../domain/duration';
import { AUTO_DEFAULT_MAX_MS } from '../../../domain/limits';

/** The duration typed, when it is one an auto-default may be; else null. */
function autoDefaultMs(text: string): number | null {
  try {
    const ms = parseDuration(text);
    return ms <= AUTO_DEFAULT_MAX_MS ? ms : null;
  } catch {
    return null;
  }
}

export function StackPolicyForm({ stack, onSave }: { stack: StackView; onSave: (change: StackPolicyBody | null) => void }) {
  const { t } = useTranslation();
  const savedDue = toLocalInput(stack.dueAt);
  const savedAuto = stack.autoDefaultMs === null ? '' : formatDuration(stack.autoDefaultMs);
  const [due, setDue] = useState(savedDue);
  const [auto, setAuto] = useState(savedAuto);
  const [badDuration, setBadDuration] = useState(false);
  const dueField = useRef<HTMLInputElement>(null);
  const autoField = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const ms = auto.trim() ? autoDefaultMs(auto) : null;
    if (auto.trim() && ms === null) {
      setBadDuration(true);
      autoField.current?.focus();
      return;
    }
    setBadDuration(false);
    const change: StackPolicyBody = {};
    if (due !== savedDue) change.dueAt = fromLocalInput(due);
    // The body takes whole seconds; the grammar's units are never finer.
    if (ms !== stack.autoDefaultMs) change.autoDefaultSeconds = ms === null ? null : ms / 1000;
    onSave(Object.keys(change).length > 0 ? change : null);
  }

  return (
    <form className="policy" onSubmit={submit} aria-labelledby="stack-policy" noValidate>
      <h2 id="stack-policy">{t('stack.policy')}</h2>
      <div className="field">
        <label htmlFor="stack-due">{t('stack.dueLabel')}</label>
        <div className="field-row">
          <input
            id="stack-due"
            ref={dueField}
            type="datetime-local"
            value={due}
            onChange={(event) => setDue(event.target.value)}
            aria-describedby="stack-due-help"
          />
          <button type="button" aria-label={t('stack.clearDue')} disabled={!due} onClick={() => (setDue(''), dueField.current?.focus())}>
            {t('stack.clear')}
          </button>
        </div>
        <p id="stack-due-help" className="help">
          {t('stack.dueHelp')}
        </p>
      </div>
      <div className="field">
        <label htmlFor="stack-auto-default">{t('stack.autoDefaultLabel')}</label>
        <div className="field-row">
          <input
            id="stack-auto-default"
            ref={autoField}
            type="text"
            autoComplete="off"
            spellCheck={false}
            size={10}
            value={auto}
            onChange={(event) => (setAuto(event.target.value), setBadDuration(false))}
            aria-invalid={badDuration ? 'true' : undefined}
            aria-describedby={badDuration ? 'stack-auto-default-error stack-auto-default-help' : 'stack-auto-default-help'}
          />
          <button
            type="button"
            aria-label={t('stack.clearAutoDefault')}
            disabled={!auto}
            onClick={() => (setAuto(''), setBadDuration(false), autoField.current?.focus())}
          >
            {t('stack.clear')}
          </button>
        </div>
        {badDuration && (
          <p id="stack-auto-default-error" className="field-error">
            {t('stack.badDuration')}
          </p>
        )}
        <p id="stack-auto-default-help" className="help">
          {t('stack.autoDefaultHelp')}
        </p>
      </div>
      <button type="submit">{t('stack.save')}</button>
    </form>
  );
}
