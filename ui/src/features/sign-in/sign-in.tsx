import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ProblemError } from '../../../../client/request';
import { useSignIn } from '../../shared/session';

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
        {signIn.isError && (
          <p role="alert">
            {/* The web is where a person decides: an agent's token is refused, and the person told why. */}
            {signIn.error instanceof ProblemError && signIn.error.problem.code === 'forbidden_for_agent'
              ? t('signIn.agentToken')
              : t('signIn.failed')}
          </p>
        )}
        <button type="submit">{t('signIn.submit')}</button>
      </form>
    </main>
  );
}
