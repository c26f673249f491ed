import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../http-client';

export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const [token, setToken] = useState('');
  const [failed, setFailed] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await api('/auth/session', { method: 'POST', body: JSON.stringify({ token }) });
      onSignedIn();
    } catch {
      setFailed(true);
    }
  }

  return (
    <main className="sign-in">
      <h1>{t('signIn.title')}</h1>
      <form onSubmit={submit}>
        <label htmlFor="token">{t('signIn.tokenLabel')}</label>
        <input id="token" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} aria-describedby="token-help" autoFocus />
        <p id="token-help">{t('signIn.tokenHelp')}</p>
        {failed && <p role="alert">{t('signIn.failed')}</p>}
        <button type="submit">{t('signIn.submit')}</button>
      </form>
    </main>
  );
}
