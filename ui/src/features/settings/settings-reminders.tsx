/**
 * When unanswered decisions remind people (issue 40 items 7, 8): after how long a blocking
 * decision reminds its people, after how long the backup member, who that is, and how long
 * before a stack's auto-default the people are told. Times are whole minutes here, seconds on
 * the wire. Every role reads them; changing them takes `settings.manage` (admins and owners).
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../domain/people';
import { holds } from '../../../../domain/permissions';
import type { ReminderSettings } from '../../../../domain/reminder-settings-schema';
import { useMay } from '../../shared/session';
import { useAction } from '../../shared/use-action';
import { useReminderSettings, useSaveReminderSettings } from './reminder-queries';

type Draft = { remind: string; backupAfter: string; backup: string; lead: string };

const minutes = (seconds: number) => String(Math.round(seconds / 60));

function draftOf(settings: ReminderSettings): Draft {
  return {
    remind: minutes(settings.remindAfterSeconds),
    backupAfter: minutes(settings.backupAfterSeconds),
    backup: settings.backupMemberId ?? '',
    lead: minutes(settings.deadlineLeadSeconds),
  };
}

export function SettingsReminders({ members }: { members: readonly Member[] }) {
  const { t } = useTranslation();
  const id = useId();
  const settings = useReminderSettings();
  const save = useSaveReminderSettings();
  const mayChange = useMay('settings.manage');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const act = useAction(setProblem);
  if (!settings.data) return null;
  const value = draft ?? draftOf(settings.data);
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => setDraft({ ...value, [field]: event.target.value });
  // Only someone who may answer can be the backup (a viewer cannot).
  const candidates = members.filter((member) => !member.removedAt && holds(member.role, 'decision.answer'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setSaid('');
    const body = {
      remindAfterSeconds: Number(value.remind) * 60,
      backupAfterSeconds: Number(value.backupAfter) * 60,
      backupMemberId: value.backup || null,
      deadlineLeadSeconds: Number(value.lead) * 60,
    };
    if (await act(() => save.mutateAsync(body))) {
      setDraft(null);
      setSaid(t('settings.reminders.saved'));
    }
  }

  const field = (key: keyof Draft, label: string, help: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        required
        disabled={!mayChange}
        value={value[key]}
        aria-describedby={`${id}-${key}-help`}
        onChange={set(key)}
      />
      <p id={`${id}-${key}-help`} className="help">
        {help}
      </p>
    </div>
  );

  return (
    <section className="settings-section settings-reminders" aria-labelledby={`${id}-heading`} data-testid="reminders">
      <h2 id={`${id}-heading`}>{t('settings.reminders.heading')}</h2>
      <p className="help">{t('settings.reminders.intro')}</p>
      <form onSubmit={(event) => void submit(event)}>
        {field('remind', t('settings.reminders.remindLabel'), t('settings.reminders.remindHelp'))}
        <div className="field">
          <label htmlFor={`${id}-backup`}>{t('settings.reminders.backupLabel')}</label>
          <select id={`${id}-backup`} value={value.backup} disabled={!mayChange} onChange={set('backup')}>
            <option value="">{t('settings.reminders.nobody')}</option>
            {candidates.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
        </div>
        {field('backupAfter', t('settings.reminders.backupAfterLabel'), t('settings.reminders.backupAfterHelp'))}
        {field('lead', t('settings.reminders.leadLabel'), t('settings.reminders.leadHelp'))}
        {mayChange ? (
          <button type="submit" className="primary" disabled={save.isPending || draft === null}>
            {save.isPending ? t('settings.reminders.saving') : t('settings.reminders.save')}
          </button>
        ) : (
          <p className="help">{t('settings.reminders.readOnly')}</p>
        )}
      </form>
      {problem && <p role="alert">{problem}</p>}
      <p role="status" className="help">
        {said}
      </p>
    </section>
  );
}
