/**
 * Settings' "Invite to sign in" (issue 41 item 6): an admin names the email the identity
 * provider verifies for a member; that member's first sign-in through the provider with it links
 * them. Shown only when this Cast has a provider and the person may manage members.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../domain/people';
import { oidcOffer } from '../../http/auth';
import { inviteMemberSignIn } from '../../http/people';
import { keys } from '../../shared/query-keys';
import { useMay } from '../../shared/session';
import { useAction } from '../../shared/use-action';

export function SettingsSignInInvite({ members }: { members: Member[] }) {
  const { t } = useTranslation();
  const mayManage = useMay('member.manage');
  const offer = useQuery({ queryKey: keys.oidcOffer, queryFn: oidcOffer, staleTime: Infinity, retry: false });
  const inviting = useMutation({ mutationFn: inviteMemberSignIn });
  const [memberId, setMemberId] = useState('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const act = useAction(setProblem);
  const current = members.filter((member) => !member.removedAt);
  if (!mayManage || !offer.data?.enabled) return null;
  const chosen = memberId || current[0]?.id || '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inviting.isPending || !chosen) return;
    setProblem(null);
    setDone(null);
    await act(async () => {
      const signIn = await inviting.mutateAsync({ memberId: chosen, email: email.trim() });
      const name = current.find((member) => member.id === chosen)?.name ?? '';
      setDone(t('settings.signInInvite.invited', { name, email: signIn.email ?? '' }));
      setEmail('');
    });
  }

  return (
    <form className="settings-form" onSubmit={(event) => void submit(event)} aria-labelledby="sign-in-invite-title">
      <h3 id="sign-in-invite-title">{t('settings.signInInvite.heading', { name: offer.data.name })}</h3>
      <p id="sign-in-invite-help" className="help">
        {t('settings.signInInvite.help')}
      </p>
      <label htmlFor="sign-in-invite-member">{t('settings.signInInvite.memberLabel')}</label>
      <select id="sign-in-invite-member" value={chosen} onChange={(event) => setMemberId(event.target.value)}>
        {current.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </select>
      <label htmlFor="sign-in-invite-email">{t('settings.signInInvite.emailLabel')}</label>
      <input
        id="sign-in-invite-email"
        type="email"
        value={email}
        maxLength={320}
        autoComplete="off"
        required
        aria-describedby="sign-in-invite-help"
        onChange={(event) => setEmail(event.target.value)}
      />
      {problem && <p role="alert">{problem}</p>}
      {done && <p role="status">{done}</p>}
      <div className="field-row">
        <button type="submit" disabled={inviting.isPending}>
          {t('settings.signInInvite.submit')}
        </button>
      </div>
    </form>
  );
}
