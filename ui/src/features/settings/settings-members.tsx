/**
 * Settings' Members: the people of the workspace (name, owner or member, since when), and
 * Add member, which shows the new member's first person token once.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddedMember, Member } from '../../../../domain/people';
import { useAction } from '../../shared/use-action';
import { When } from '../../shared/page-frame';
import { useAddMember } from './people-queries';
import { useMay } from '../../shared/session';
import { SettingsSecret } from './settings-secret';
import { SettingsSignInInvite } from './settings-sign-in-invite';

export function SettingsMembers({ members, me }: { members: Member[]; me: string }) {
  const { t } = useTranslation();
  // Adding people needs member.manage (an admin or owner): anyone else is not offered the form.
  const mayManage = useMay('member.manage');
  return (
    <section aria-labelledby="members-title" className="settings-section">
      <h2 id="members-title">{t('settings.members.heading')}</h2>
      {members.length === 0 ? (
        <p>{t('settings.members.none')}</p>
      ) : (
        <div className="settings-table" role="region" aria-labelledby="members-title" tabIndex={0}>
          <table data-testid="members">
            <thead>
              <tr>
                <th scope="col">{t('settings.members.name')}</th>
                <th scope="col">{t('settings.members.role')}</th>
                <th scope="col">{t('settings.members.since')}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id}>
                  <th scope="row">
                    {member.name}
                    {member.id === me && <> {t('settings.members.you')}</>}
                  </th>
                  <td>{t(`settings.members.roles.${member.role}`)}</td>
                  <td>
                    <When at={member.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {mayManage && <AddMember />}
      <SettingsSignInInvite members={members} />
    </section>
  );
}

function AddMember() {
  const { t } = useTranslation();
  const adding = useAddMember();
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const act = useAction(setProblem);
  const [added, setAdded] = useState<AddedMember | null>(null);
  const field = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (adding.isPending) return;
    setProblem(null);
    if (!name.trim()) {
      setInvalid(true);
      return field.current?.focus();
    }
    await act(async () => {
      setAdded(await adding.mutateAsync(name.trim()));
      setName('');
    });
  }

  function done() {
    setAdded(null);
    // The panel that had focus is gone: back to where another member is added.
    requestAnimationFrame(() => field.current?.focus());
  }

  if (added) {
    const { name: who } = added.member;
    return (
      <SettingsSecret
        title={t('settings.secret.memberTitle', { name: who })}
        secret={added.secret}
        lines={[t('settings.secret.memberUse', { name: who })]}
        onDone={done}
      />
    );
  }
  return (
    <form className="settings-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="add-member-title">
      <h3 id="add-member-title">{t('settings.members.addHeading')}</h3>
      <label htmlFor="member-name">{t('settings.members.nameLabel')}</label>
      <input
        id="member-name"
        ref={field}
        value={name}
        maxLength={200}
        autoComplete="off"
        required
        onChange={(event) => (setName(event.target.value), setInvalid(false))}
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={invalid ? 'member-name-error member-name-help' : 'member-name-help'}
      />
      {invalid && (
        <p id="member-name-error" className="field-error">
          {t('settings.members.nameRequired')}
        </p>
      )}
      <p id="member-name-help" className="help">
        {t('settings.members.nameHelp')}
      </p>
      {problem && <p role="alert">{problem}</p>}
      <div className="field-row">
        <button type="submit" disabled={adding.isPending}>
          {adding.isPending ? t('settings.members.adding') : t('settings.members.add')}
        </button>
      </div>
    </form>
  );
}
