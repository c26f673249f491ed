import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ProblemError } from '../../../../client/request';
import { isErrorCode } from '../../../../domain/errors';
import { OIDC_START_PATH, oidcOffer } from '../../http/auth';
import { keys } from '../../shared/query-keys';
import { useSignIn } from '../../shared/session';

/** Why the identity provider's sign-in came back refused: the server sends `/sign-in?refused=<code>`. */
function refusedCode(): string | null {
  const code = new URLSearchParams(window.location.search).get('refused');
  return code && isErrorCode(code) ? code : null;
}

export function SignIn() {
  const { t } = useTranslation();
  const [token, setToken] = useState('');
  const signIn = useSignIn();
  // Issue 41 item 6: the identity provider, when this Cast has one; the token sign-in stays for everyone.
  const offer = useQuery({ queryKey: keys.oidcOffer, queryFn: oidcOffer, staleTime: Infinity, retry: false });
  const refused = refusedCode();

  function submit(event: FormEvent) {
    event.preventDefault();
    signIn.mutate(token);
  }

  return (
    <main className="sign-in">
      <h1>{t('signIn.title')}</h1>
      {refused && !signIn.isError && <p role="alert">{t(`problems.${refused}`, { defaultValue: t('signIn.refused') })}</p>}
      {offer.data?.enabled && (
        <>
          <p>
            <a className="sign-in-provider" href={OIDC_START_PATH}>
              {t('signIn.withProvider', { name: offer.data.name })}
            </a>
          </p>
          <h2>{t('signIn.orToken')}</h2>
        </>
      )}
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
