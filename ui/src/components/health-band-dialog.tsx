/**
 * "Adjust the band" (FR-53): the workspace's healthy ceiling (1–100 decisions a day) and
 * quiet window (3–90 days). Each field says what is wrong with it before anything is sent;
 * a refusal from the server is shown in its words and the dialog stays open.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../http-client';
import type { HealthSettings } from '../types';

type Field = { value: string; min: number; max: number };

/** A whole number inside the field's range, or null. */
function wholeIn({ value, min, max }: Field): number | null {
  if (!/^\s*\d+\s*$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

export function HealthBandDialog({ onSaved, onClose }: { onSaved: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const ceilingField = useRef<HTMLInputElement>(null);
  const quietField = useRef<HTMLInputElement>(null);
  // The current settings have been read (or could not be): the fields can be edited.
  const [ready, setReady] = useState(false);
  const [ceiling, setCeiling] = useState('');
  const [quiet, setQuiet] = useState('');
  const [invalid, setInvalid] = useState<{ ceiling: boolean; quiet: boolean }>({ ceiling: false, quiet: false });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  useEffect(() => {
    api<{ settings: HealthSettings }>('/api/v1/settings/health').then(
      ({ settings }) => {
        setReady(true);
        setCeiling(String(settings.healthyCeiling));
        setQuiet(String(settings.quietDays));
      },
      // Unreadable settings still leave the form usable: the person types both numbers.
      (error: unknown) => {
        setProblem(error instanceof ApiError ? error.problem.detail : String(error));
        setReady(true);
      },
    );
  }, []);

  // Once the current numbers are in, the first field takes focus (it was disabled when the dialog opened).
  useEffect(() => {
    if (ready) ceilingField.current?.focus();
  }, [ready]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !ready) return;
    const healthyCeiling = wholeIn({ value: ceiling, min: 1, max: 100 });
    const quietDays = wholeIn({ value: quiet, min: 3, max: 90 });
    setInvalid({ ceiling: healthyCeiling === null, quiet: quietDays === null });
    if (healthyCeiling === null) return ceilingField.current?.focus();
    if (quietDays === null) return quietField.current?.focus();
    setBusy(true);
    setProblem(null);
    try {
      await api('/api/v1/settings/health', { method: 'PATCH', body: JSON.stringify({ healthyCeiling, quietDays }) });
      onSaved();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.problem.detail : String(error));
      setBusy(false);
    }
  }

  const describedBy = (name: 'ceiling' | 'quiet') => (invalid[name] ? `band-${name}-error band-${name}-help` : `band-${name}-help`);
  return (
    // The queue's keys stop at the dialog: digits and Esc typed here belong to it.
    <dialog
      ref={dialog}
      onClose={onClose}
      onKeyDown={(event) => event.stopPropagation()}
      aria-labelledby="band-title"
      aria-describedby="band-body"
      className="health-band"
      data-testid="health-band-dialog"
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-busy={ready ? undefined : 'true'}>
        <h2 id="band-title">{t('health.adjust')}</h2>
        <p id="band-body">{t('health.dialogBody')}</p>
        {!ready && <p className="help">{t('health.loadingSettings')}</p>}
        <div className="field">
          <label htmlFor="band-ceiling">{t('health.ceilingLabel')}</label>
          <input
            id="band-ceiling"
            ref={ceilingField}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            required
            disabled={!ready}
            value={ceiling}
            onChange={(event) => (setCeiling(event.target.value), setInvalid((was) => ({ ...was, ceiling: false })))}
            aria-invalid={invalid.ceiling ? 'true' : undefined}
            aria-describedby={describedBy('ceiling')}
          />
          {invalid.ceiling && <p id="band-ceiling-error" className="field-error">{t('health.ceilingError')}</p>}
          <p id="band-ceiling-help" className="help">{t('health.ceilingHelp')}</p>
        </div>
        <div className="field">
          <label htmlFor="band-quiet">{t('health.quietLabel')}</label>
          <input
            id="band-quiet"
            ref={quietField}
            type="number"
            inputMode="numeric"
            min={3}
            max={90}
            step={1}
            required
            disabled={!ready}
            value={quiet}
            onChange={(event) => (setQuiet(event.target.value), setInvalid((was) => ({ ...was, quiet: false })))}
            aria-invalid={invalid.quiet ? 'true' : undefined}
            aria-describedby={describedBy('quiet')}
          />
          {invalid.quiet && <p id="band-quiet-error" className="field-error">{t('health.quietError')}</p>}
          <p id="band-quiet-help" className="help">{t('health.quietHelp')}</p>
        </div>
        {problem && <p role="alert" id="band-problem">{problem}</p>}
        <footer>
          <button type="button" onClick={onClose}>{t('ask.cancel')}</button>
          <button type="submit" disabled={busy || !ready}>{t('health.save')}</button>
        </footer>
      </form>
    </dialog>
  );
}
