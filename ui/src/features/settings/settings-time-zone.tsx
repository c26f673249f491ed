/**
 * The member's own time zone (issue 39 item 10): every time Cast shows them is in it. Any role
 * may change their own (`profile.own`); the change is written from the reply, so the whole page
 * re-reads its times in the new zone at once.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeTimeZone } from '../../shared/profile-queries';
import { moment } from '../../shared/time';
import { knownTimeZones } from '../../shared/time-zone';
import { useAction } from '../../shared/use-action';
import { useTimeZone } from '../../shared/time-zone-provider';

export function SettingsTimeZone() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const zone = useTimeZone();
  const [chosen, setChosen] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangeTimeZone();
  const act = useAction(setProblem);
  const value = chosen ?? zone;

  async function save(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setSaid('');
    if (await act(() => change.mutateAsync(value))) setSaid(t('settings.timeZone.saved', { zone: value }));
  }

  return (
    <section className="settings-section settings-time-zone" aria-labelledby={`${id}-heading`} data-testid="time-zone">
      <h2 id={`${id}-heading`}>{t('settings.timeZone.heading')}</h2>
      <p className="help" data-testid="time-zone-current">
        {t('settings.timeZone.current', { zone, now: moment(new Date().toISOString(), i18n.language, zone, true) })}
      </p>
      <form onSubmit={(event) => void save(event)}>
        <div className="field">
          <label htmlFor={`${id}-zone`}>{t('settings.timeZone.label')}</label>
          <div className="field-row">
            <select id={`${id}-zone`} value={value} aria-describedby={`${id}-help`} onChange={(event) => setChosen(event.target.value)}>
              {knownTimeZones(value).map((name) => (
                <option key={name} value={name}>
                  {name.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
            <button type="submit" className="primary" disabled={change.isPending || value === zone}>
              {change.isPending ? t('settings.timeZone.saving') : t('settings.timeZone.save')}
            </button>
          </div>
          <p id={`${id}-help`} className="help">
            {t('settings.timeZone.help')}
          </p>
        </div>
      </form>
      {problem && <p role="alert">{problem}</p>}
      <p role="status" className="help">
        {said}
      </p>
    </section>
  );
}
