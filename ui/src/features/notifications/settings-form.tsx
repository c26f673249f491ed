/**
 * The notification settings as one form (issue 40 item 10): each channel's switch, the digest,
 * quiet hours, the time zone and what counts as urgent. Saved as a whole document; the reply
 * (the settings as stored) becomes the page's, and a refusal is said in the catalogue's words.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberChannel } from '../../../../domain/notifications/delivery';
import { DigestCadence, Urgency, type NotificationSettings } from '../../../../domain/notifications/notification-settings';
import type { NotificationsView } from '../../../../domain/notifications/notifications-api';
import { knownTimeZones } from '../../shared/time-zone';
import { useTimeZone } from '../../shared/time-zone-provider';
import { useAction } from '../../shared/use-action';
import { useSaveNotifications } from './notifications-queries';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function NotificationSettingsForm({ view }: { view: NotificationsView }) {
  const { t } = useTranslation();
  const id = useId();
  const profileZone = useTimeZone();
  const [draft, setDraft] = useState<NotificationSettings>(view.settings);
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveNotifications();
  const act = useAction(setProblem);
  const change = (next: Partial<NotificationSettings>) => {
    setSaid('');
    setDraft((current) => ({ ...current, ...next }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setSaid('');
    // An address of blanks is no address: the server says email then needs one.
    const settings = { ...draft, email: { ...draft.email, address: draft.email.address?.trim() || null } };
    if (await act(() => save.mutateAsync(settings))) setSaid(t('notifications.saved'));
  }

  const notSetUp = (channel: MemberChannel) =>
    view.configured[channel] ? null : (
      <p className="help" data-testid={`${channel}-not-set-up`}>
        {t('notifications.notSetUp')}
      </p>
    );

  return (
    <form className="settings-form notifications-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('notifications.settingsHeading')}</h2>

      <ChannelBlock channel="push" legend={t('notifications.channels.push')} extra={notSetUp('push')}>
        <Check
          label={t('notifications.push.enabled')}
          checked={draft.push.enabled}
          onChange={(enabled) => change({ push: { ...draft.push, enabled } })}
        />
        <Check
          label={t('notifications.push.showTitles')}
          checked={draft.push.showTitles}
          onChange={(showTitles) => change({ push: { ...draft.push, showTitles } })}
        />
      </ChannelBlock>

      <ChannelBlock channel="email" legend={t('notifications.channels.email')} extra={notSetUp('email')}>
        <Check
          label={t('notifications.email.enabled')}
          checked={draft.email.enabled}
          onChange={(enabled) => change({ email: { ...draft.email, enabled } })}
        />
        <div className="field">
          <label htmlFor={`${id}-address`}>{t('notifications.email.address')}</label>
          <input
            id={`${id}-address`}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            value={draft.email.address ?? ''}
            onChange={(event) => change({ email: { ...draft.email, address: event.target.value || null } })}
          />
        </div>
        <Check
          label={t('notifications.email.immediate')}
          checked={draft.email.immediate}
          onChange={(immediate) => change({ email: { ...draft.email, immediate } })}
        />
      </ChannelBlock>

      <ChannelBlock channel="slack" legend={t('notifications.channels.slack')} extra={notSetUp('slack')}>
        <Check
          label={t('notifications.slack.enabled')}
          checked={draft.slack.enabled}
          onChange={(enabled) => change({ slack: { enabled } })}
        />
      </ChannelBlock>

      <fieldset>
        <legend>{t('notifications.digest.legend')}</legend>
        <div className="field">
          <label htmlFor={`${id}-cadence`}>{t('notifications.digest.cadence')}</label>
          <select
            id={`${id}-cadence`}
            value={draft.digest.cadence}
            onChange={(event) =>
              change({ digest: { ...draft.digest, cadence: event.target.value as NotificationSettings['digest']['cadence'] } })
            }
          >
            {DigestCadence.map((cadence) => (
              <option key={cadence} value={cadence}>
                {t(`notifications.digest.cadences.${cadence}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-hour`}>{t('notifications.digest.hour')}</label>
          <select
            id={`${id}-hour`}
            value={draft.digest.hour}
            disabled={draft.digest.cadence !== 'daily'}
            aria-describedby={`${id}-hour-help`}
            onChange={(event) => change({ digest: { ...draft.digest, hour: Number(event.target.value) } })}
          >
            {HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {hourText(hour)}
              </option>
            ))}
          </select>
          <p id={`${id}-hour-help`} className="help">
            {t('notifications.digest.hourHelp')}
          </p>
        </div>
      </fieldset>

      <fieldset>
        <legend>{t('notifications.quiet.legend')}</legend>
        <Check
          label={t('notifications.quiet.enabled')}
          checked={draft.quietHours !== null}
          onChange={(on) => change({ quietHours: on ? (view.settings.quietHours ?? { start: '22:00', end: '07:00' }) : null })}
        />
        {draft.quietHours && (
          <div className="field-row quiet-hours">
            <div className="field">
              <label htmlFor={`${id}-quiet-start`}>{t('notifications.quiet.start')}</label>
              <input
                id={`${id}-quiet-start`}
                type="time"
                value={draft.quietHours.start}
                onChange={(event) => change({ quietHours: { ...draft.quietHours!, start: event.target.value } })}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-quiet-end`}>{t('notifications.quiet.end')}</label>
              <input
                id={`${id}-quiet-end`}
                type="time"
                value={draft.quietHours.end}
                onChange={(event) => change({ quietHours: { ...draft.quietHours!, end: event.target.value } })}
              />
            </div>
          </div>
        )}
        <p className="help">{t('notifications.quiet.help')}</p>
      </fieldset>

      <div className="field">
        <label htmlFor={`${id}-zone`}>{t('notifications.timeZone.label')}</label>
        <select
          id={`${id}-zone`}
          value={draft.timeZone ?? ''}
          aria-describedby={`${id}-zone-help`}
          onChange={(event) => change({ timeZone: event.target.value || null })}
        >
          <option value="">{t('notifications.timeZone.profile', { zone: profileZone })}</option>
          {knownTimeZones(draft.timeZone ?? profileZone).map((name) => (
            <option key={name} value={name}>
              {name.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        <p id={`${id}-zone-help`} className="help">
          {t('notifications.timeZone.help')}
        </p>
      </div>

      <fieldset>
        <legend>{t('notifications.urgent.legend')}</legend>
        {Urgency.map((urgency) => (
          <label key={urgency} className="check-row">
            <input
              type="radio"
              name={`${id}-urgent`}
              value={urgency}
              checked={draft.urgent === urgency}
              onChange={() => change({ urgent: urgency })}
            />
            {t(`notifications.urgent.${urgency}`)}
          </label>
        ))}
      </fieldset>

      {problem && <p role="alert">{problem}</p>}
      <div className="field-row">
        <button type="submit" className="primary" disabled={save.isPending}>
          {save.isPending ? t('notifications.saving') : t('notifications.save')}
        </button>
      </div>
      <p role="status" className="help" data-testid="notifications-status">
        {said}
      </p>
    </form>
  );
}

function ChannelBlock({
  channel,
  legend,
  extra,
  children,
}: {
  channel: MemberChannel;
  legend: string;
  extra: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset data-testid={`channel-${channel}`}>
      <legend>{legend}</legend>
      {children}
      {extra}
    </fieldset>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="check-row">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}
