/**
 * A stack's two policies (cast-decide "Decision stacks"): when it is due, and after how long
 * an advisory member takes its declared default. Each can be cleared; only what changed is sent.
 * A duration that answers members the moment it is saved (a shorter one, for members that
 * joined long ago) says how many and which first, and saves only once confirmed (issue #30);
 * the count is the members' workflows' own rule (domain/stack-auto-default.ts).
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecisionView } from '../../../../domain/decision-view-schema';
import type { StackView } from '../../../../domain/stack';
import { answeredAtOnce } from '../../../../domain/stack-auto-default';
import type { StackPolicyBody } from '../../../../domain/stack-schema';
import { fromLocalInput, toLocalInput } from './stack-due-input';
import { formatDuration, parseDuration } from '../../../../domain/duration';
import { AUTO_DEFAULT_MAX_MS } from '../../../../domain/limits';
import { StackAnswerNowDialog } from './stack-answer-now-dialog';

/** The duration typed, when it is one an auto-default may be; else null. */
function autoDefaultMs(text: string): number | null {
  try {
    const ms = parseDuration(text);
    return ms <= AUTO_DEFAULT_MAX_MS ? ms : null;
  } catch {
    return null;
  }
}

/** A change waiting for its confirm, with the members it answers at once. */
type Pending = { change: StackPolicyBody; ms: number; answers: string[] };

export function StackPolicyForm({
  stack,
  decisions,
  onSave,
  onKept,
}: {
  stack: StackView;
  /** The members' decisions, as the stack read returns them: what the count is made from. */
  decisions: DecisionView[];
  onSave: (change: StackPolicyBody | null) => void;
  /** The confirm was declined: nothing saved. */
  onKept: () => void;
}) {
  const { t } = useTranslation();
  const savedDue = toLocalInput(stack.dueAt);
  const savedAuto = stack.autoDefaultMs === null ? '' : formatDuration(stack.autoDefaultMs);
  const [due, setDue] = useState(savedDue);
  const [auto, setAuto] = useState(savedAuto);
  const [badDuration, setBadDuration] = useState(false);
  const dueField = useRef<HTMLInputElement>(null);
  const autoField = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const answersAt = (ms: number) => answeredAtOnce(stack.members, decisions, ms, new Date());

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
    const answers = ms !== null && ms !== stack.autoDefaultMs ? answersAt(ms) : [];
    if (ms !== null && answers.length > 0) return setPending({ change, ms, answers });
    onSave(Object.keys(change).length > 0 ? change : null);
  }

  /** Saves what was confirmed, unless more came due while the dialog was open: then it says the new count first. */
  function confirm() {
    if (!pending) return;
    const answers = answersAt(pending.ms);
    if (answers.join() !== pending.answers.join()) return setPending({ ...pending, answers });
    setPending(null);
    onSave(pending.change);
  }

  const question = (id: string) => decisions.find((decision) => decision.id === id)?.question ?? id;

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
      {pending && (
        <StackAnswerNowDialog
          questions={pending.answers.map(question)}
          duration={formatDuration(pending.ms)}
          onConfirm={confirm}
          onClose={() => (setPending(null), onKept())}
        />
      )}
    </form>
  );
}
