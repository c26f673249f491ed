/**
 * Revoke's confirmation: it names the token and says who loses what. Esc or Cancel closes it
 * with nothing changed (the table gives focus back to the row's Revoke); a refusal is shown
 * in the server's words and the dialog stays open.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Token } from '../../../domain/people';
import { problemMessage } from '../http/problem-message';
import { useRevokeToken } from '../queries/people';

export function SettingsRevokeDialog({
  token,
  me,
  onRevoked,
  onClose,
}: {
  token: Token;
  me: string;
  onRevoked: (token: Token) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const revoking = useRevokeToken(me);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  async function confirm() {
    if (revoking.isPending) return;
    setProblem(null);
    try {
      onRevoked(await revoking.mutateAsync(token.id));
    } catch (error) {
      setProblem(problemMessage(error));
    }
  }

  const body =
    token.kind === 'agent'
      ? t('settings.revoke.agentBody', { agent: token.agentName ?? '' })
      : t('settings.revoke.personBody', { name: token.memberName });
  return (
    // Keys typed here belong to the dialog, never to a page behind it.
    <dialog
      ref={dialog}
      onClose={onClose}
      onKeyDown={(event) => event.stopPropagation()}
      aria-labelledby="revoke-title"
      aria-describedby="revoke-body"
      className="settings-revoke"
      data-testid="revoke-dialog"
    >
      <h2 id="revoke-title">{t('settings.revoke.title', { label: token.label })}</h2>
      <div id="revoke-body">
        <p>{body}</p>
        {token.kind === 'person' && token.memberId === me && <p>{t('settings.revoke.yourOwn')}</p>}
      </div>
      {problem && <p role="alert">{problem}</p>}
      <footer>
        <button type="button" onClick={onClose} autoFocus>
          {t('ask.cancel')}
        </button>
        <button type="button" className="danger" onClick={() => void confirm()} disabled={revoking.isPending}>
          {revoking.isPending ? t('settings.revoke.revoking') : t('settings.revoke.confirm')}
        </button>
      </footer>
    </dialog>
  );
}
