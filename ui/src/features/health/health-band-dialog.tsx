/**
 * "Adjust the band" (FR-53): the workspace's healthy ceiling (1–100 decisions a day) and
 * quiet window (3–90 days). Each field says what is wrong with it before anything is sent;
 * a refusal from the server is shown in its words and the dialog stays open.
 */
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../http/problem-message';
import { useAction } from '../../shared/use-action';
import { useHealthSettings, useSaveHealthSettings } from './health-queries';
import { DialogFooter } from '../../shared/dialog-footer';
import { ModalDialog } from '../../shared/modal-dialog';

type Range = { min: number; max: number };
const CEILING: Range = { min: 1, max: 100 };
const QUIET: Range = { min: 3, max: 90 };

/** A whole number inside the range, or null. */
function wholeIn(value: string, { min, max }: Range): number | null {
  if (!/^\s*\d+\s*$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

type WholeNumberFieldProps = Range & {
  name: 'ceiling' | 'quiet';
  label: string;
  help: string;
  error: string;
  value: string;
  invalid: boolean;
  disabled: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (value: string) => void;
};

/** One of the dialog's two numbers, with its help, and its error once it has one. */
function WholeNumberField({ name, label, help, error, min, max, value, invalid, disabled, inputRef, onChange }: WholeNumberFieldProps) {
  const id = `band-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        required
        disabled={disabled}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={invalid ? `${id}-error ${id}-help` : `${id}-help`}
      />
      {invalid && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      <p id={`${id}-help`} className="help">
        {help}
      </p>
    </div>
  );
}

export function HealthBandDialog({ onSaved, onClose }: { onSaved: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const ceilingField = useRef<HTMLInputElement>(null);
  const quietField = useRef<HTMLInputElement>(null);
  const current = useHealthSettings();
  const saving = useSaveHealthSettings();
  // The current settings have been read (or could not be): the fields can be edited.
  const ready = current.isFetchedAfterMount;
  const [ceiling, setCeiling] = useState('');
  const [quiet, setQuiet] = useState('');
  const [invalid, setInvalid] = useState<{ ceiling: boolean; quiet: boolean }>({ ceiling: false, quiet: false });
  const [problem, setProblem] = useState<string | null>(null);
  const act = useAction(setProblem);
  const busy = saving.isPending || saving.isSuccess;

  // Once the current numbers are in, they fill the fields and the first field takes focus (it
  // was disabled when the dialog opened). Unreadable settings still leave the form usable: the
  // person types both numbers.
  useEffect(() => {
    if (!ready) return;
    if (current.data) {
      setCeiling(String(current.data.healthyCeiling));
      setQuiet(String(current.data.quietDays));
    } else if (current.error) {
      setProblem(problemMessage(current.error));
    }
    ceilingField.current?.focus();
    // Only when they first arrive: a later read never overwrites what the person typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !ready) return;
    const healthyCeiling = wholeIn(ceiling, CEILING);
    const quietDays = wholeIn(quiet, QUIET);
    setInvalid({ ceiling: healthyCeiling === null, quiet: quietDays === null });
    if (healthyCeiling === null) return ceilingField.current?.focus();
    if (quietDays === null) return quietField.current?.focus();
    setProblem(null);
    if (await act(() => saving.mutateAsync({ healthyCeiling, quietDays }))) onSaved();
  }

  return (
    // The queue gives focus back to the health line's menu once it has closed.
    <ModalDialog
      onClose={onClose}
      labelledBy="band-title"
      describedBy="band-body"
      className="health-band"
      testId="health-band-dialog"
      returnFocus={false}
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-busy={ready ? undefined : 'true'}>
        <h2 id="band-title">{t('health.adjust')}</h2>
        <p id="band-body">{t('health.dialogBody')}</p>
        {!ready && <p className="help">{t('health.loadingSettings')}</p>}
        <WholeNumberField
          name="ceiling"
          {...CEILING}
          label={t('health.ceilingLabel')}
          help={t('health.ceilingHelp')}
          error={t('health.ceilingError')}
          value={ceiling}
          invalid={invalid.ceiling}
          disabled={!ready}
          inputRef={ceilingField}
          onChange={(value) => (setCeiling(value), setInvalid((was) => ({ ...was, ceiling: false })))}
        />
        <WholeNumberField
          name="quiet"
          {...QUIET}
          label={t('health.quietLabel')}
          help={t('health.quietHelp')}
          error={t('health.quietError')}
          value={quiet}
          invalid={invalid.quiet}
          disabled={!ready}
          inputRef={quietField}
          onChange={(value) => (setQuiet(value), setInvalid((was) => ({ ...was, quiet: false })))}
        />
        {problem && (
          <p role="alert" id="band-problem">
            {problem}
          </p>
        )}
        <DialogFooter label={t('health.save')} onCancel={onClose} disabled={busy || !ready} />
      </form>
    </ModalDialog>
  );
}
