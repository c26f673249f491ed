import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignIn } from '../queries/session';

export function SignIn() {
  const { t } = useTranslation();
  const [token, setToken] = useState('');
  const signIn = useSignIn();

  function submit(event: FormEvent) {
    event.preventDefault();
    signIn.mutate(token);
  }

  return (
    <main className="sign-in">
      <h1>{t('signIn.title')}</h1>
      <form onSubmit={submit}>
        <label htmlFor="token">{t('signIn.tokenLabel')}</label>
        <input
          id="token"
          type="password"
          autoComplete="off"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          aria-describedby="token-help"
          autoFocus
        />
        <p id="token-help">{t('signIn.tokenHelp')}</p>
        {signIn.isError && <p role="alert">{t('signIn.failed')}</p>}
        <button type="submit">{t('signIn.submit')}</button>
      </form>
    </main>
  );
}
