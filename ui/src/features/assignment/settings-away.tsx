/**
 * Settings' Away (issue 41 item 5): the person hands their decisions to a colleague until a
 * moment they choose, and sees the workspace's open and coming delegations; the member away,
 * their delegate or an admin ends one.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../domain/people';
import { problemMessage } from '../../http/problem-message';
import { useMay } from '../../shared/session';
import { useTimeZone } from '../../shared/time-zone-provider';
import { answersDecisions } from './assignment-words';
import { useCreateDelegation, useDelegations, useEndDelegation } from './assignment-queries';

export function SettingsAway({ members, me }: { members: Member[]; me: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const delegations = useDelegations();
  const create = useCreateDelegation();
  const end = useEndDelegation();
  const mayAnswer = useMay('decision.answer');
  const mayManage = useMay('member.manage');
  const zone = useTimeZone();
  const [to, setTo] = useState('');
  const [until, setUntil] = useState('');
  const colleagues = members.filter((member) => member.id !== me && answersDecisions(member));
  const when = (iso: string) => new Date(iso).toLocaleString(undefined, { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!to || !until) return;
    create.mutate({ to, endsAt: new Date(until).toISOString() });
  };
  const failure = create.error ?? end.error;
  return (
    <section aria-labelledby={`${id}-title`} className="settings-section" data-testid="away">
      <h2 id={`${id}-title`}>{t('away.heading')}</h2>
      <p className="help">{t('away.about')}</p>
      {delegations.data && delegations.data.length === 0 && <p>{t('away.none')}</p>}
      {delegations.data && delegations.data.length > 0 && (
        <ul aria-label={t('away.heading')}>
          {delegations.data.map((one) => (
            <li key={one.id} data-testid="delegation">
              {t(one.active ? 'away.covering' : 'away.coming', {
                member: one.memberName,
                delegate: one.delegateName,
                from: when(one.startsAt),
                until: when(one.endsAt),
              })}{' '}
              {(mayManage || one.memberId === me || one.delegateId === me) && (
                <button type="button" className="small quiet" disabled={end.isPending} onClick={() => end.mutate(one.id)}>
                  {t('away.end', { member: one.memberName })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayAnswer && (
        <form onSubmit={submit} className="away-form">
          <label>
            {t('away.to')}{' '}
            <select value={to} onChange={(e) => setTo(e.target.value)} required>
              <option value="">{t('away.choose')}</option>
              {colleagues.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          </label>{' '}
          <label>
            {t('away.until')} <input type="datetime-local" value={until} onChange={(e) => setUntil(e.target.value)} required />
          </label>{' '}
          <button type="submit" className="small" disabled={create.isPending}>
            {t('away.save')}
          </button>
        </form>
      )}
      {failure && <p role="alert">{problemMessage(failure)}</p>}
    </section>
  );
}
