/**
 * Settings' Tokens: every live token of the workspace (label, kind, whose, created, last used,
 * expires), each with Revoke behind a confirmation. Revoked ones are hidden until "Show
 * revoked" is ticked. Secrets are never here: they are shown once, when minted.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Token } from '../../../../domain/people';
import { problemMessage } from '../../http/problem-message';
import { When } from '../../shared/page-frame';
import { useTokens } from './people-queries';
import { LiveRegion } from '../../shared/live-region';
import { SettingsRevokeDialog } from './settings-revoke-dialog';

export function SettingsTokens({ me }: { me: string }) {
  const { t } = useTranslation();
  const [showRevoked, setShowRevoked] = useState(false);
  const tokens = useTokens(showRevoked);
  const [revoking, setRevoking] = useState<Token | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Each row's Revoke, so closing the confirmation gives focus back to the one that opened it.
  const openers = useRef(new Map<string, HTMLButtonElement>());

  // Focus moves only once the dialog has closed: while it is open, the page behind it is inert.
  const focusNext = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (revoking) return;
    focusNext.current?.();
    focusNext.current = null;
  }, [revoking]);

  function cancelled() {
    const opener = revoking && openers.current.get(revoking.id);
    focusNext.current = () => opener?.focus();
    setRevoking(null);
  }

  function revoked(token: Token) {
    setMessage(t('settings.revoke.done', { label: token.label }));
    // Its row is gone (or has no Revoke any more): focus goes to the table's heading.
    focusNext.current = () => heading.current?.focus();
    setRevoking(null);
  }

  return (
    <section aria-labelledby="tokens-title" className="settings-section">
      <h2 id="tokens-title" ref={heading} tabIndex={-1}>
        {t('settings.tokens.heading')}
      </h2>
      <p className="help">{t('settings.tokens.help')}</p>
      <div className="field-row">
        <input id="show-revoked" type="checkbox" checked={showRevoked} onChange={(event) => setShowRevoked(event.target.checked)} />
        <label htmlFor="show-revoked">{t('settings.tokens.showRevoked')}</label>
      </div>
      {tokens.data ? (
        <TokenTable tokens={tokens.data} me={me} openers={openers.current} onRevoke={setRevoking} />
      ) : tokens.isPending ? (
        <p className="help">{t('settings.tokens.loading')}</p>
      ) : (
        <p role="alert">
          {t('settings.tokens.failed')} {problemMessage(tokens.error)}
        </p>
      )}
      {revoking && <SettingsRevokeDialog token={revoking} me={me} onRevoked={revoked} onClose={cancelled} />}
      <LiveRegion message={message} />
    </section>
  );
}

function TokenTable({
  tokens,
  me,
  openers,
  onRevoke,
}: {
  tokens: Token[];
  me: string;
  openers: Map<string, HTMLButtonElement>;
  onRevoke: (token: Token) => void;
}) {
  const { t } = useTranslation();
  if (tokens.length === 0) return <p>{t('settings.tokens.none')}</p>;
  const now = Date.now();
  return (
    // Below 768 px each row stacks into its own block, every cell named by its column (data-label):
    // seven columns never fit a phone, and the page must not scroll sideways (issue 30).
    <div className="settings-table tokens-table" role="region" aria-labelledby="tokens-title" tabIndex={0}>
      <table data-testid="tokens">
        <caption className="visually-hidden">{t('settings.tokens.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('settings.tokens.label')}</th>
            <th scope="col">{t('settings.tokens.kind')}</th>
            <th scope="col">{t('settings.tokens.holder')}</th>
            <th scope="col">{t('settings.tokens.created')}</th>
            <th scope="col">{t('settings.tokens.lastUsed')}</th>
            <th scope="col">{t('settings.tokens.expires')}</th>
            <th scope="col">{t('settings.tokens.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token.id} data-testid="token-row" className={token.revokedAt ? 'revoked' : undefined}>
              <th scope="row">{token.label}</th>
              <td data-label={t('settings.tokens.kind')}>{t(`settings.tokens.kinds.${token.kind}`)}</td>
              <td data-label={t('settings.tokens.holder')}>
                {token.kind === 'agent' ? token.agentName : token.memberName}
                {token.kind === 'person' && token.memberId === me && <> {t('settings.members.you')}</>}
              </td>
              <td data-label={t('settings.tokens.created')}>
                <When at={token.createdAt} />
              </td>
              <td data-label={t('settings.tokens.lastUsed')} data-testid="last-used">
                {token.lastUsedAt ? <When at={token.lastUsedAt} /> : t('settings.tokens.never')}
              </td>
              <td data-label={t('settings.tokens.expires')}>
                {token.expiresAt ? <When at={token.expiresAt} /> : t('settings.tokens.never')}
                {token.expiresAt && Date.parse(token.expiresAt) <= now && <> {t('settings.tokens.expired')}</>}
              </td>
              <td className="row-action">
                {token.revokedAt ? (
                  <>
                    {t('settings.tokens.revokedAt')} <When at={token.revokedAt} />
                  </>
                ) : (
                  <button
                    type="button"
                    ref={(button) => {
                      if (button) openers.set(token.id, button);
                      else openers.delete(token.id);
                    }}
                    // The visible word first, then which token (WCAG 2.5.3): labels need not be unique.
                    aria-label={t('settings.tokens.revokeNamed', { label: token.label })}
                    onClick={() => onRevoke(token)}
                  >
                    {t('settings.tokens.revoke')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
