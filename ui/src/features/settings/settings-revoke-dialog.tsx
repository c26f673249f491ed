/**
 * Revoke's confirmation: it names the token and says who loses what. Esc or Cancel closes it
 * with nothing changed (the table gives focus back to the row's Revoke); a refusal is shown
 * in the server's words and the dialog stays open.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Token } from '../../../../domain/people';
import { useAction } from '../../shared/use-action';
import { useRevokeToken } from './people-queries';
import { DialogFooter } from '../../shared/dialog-footer';
import { ModalDialog } from '../../shared/modal-dialog';

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
  const revoking = useRevokeToken(me);
  const [problem, setProblem] = useState<string | null>(null);
  const act = useAction(setProblem);

  async function confirm() {
    if (revoking.isPending) return;
    setProblem(null);
    await act(async () => onRevoked(await revoking.mutateAsync(token.id)));
  }

  const body =
    token.kind === 'agent'
      ? t('settings.revoke.agentBody', { agent: token.agentName ?? '' })
      : t('settings.revoke.personBody', { name: token.memberName });
  return (
    // The token table gives focus back: to the row's Revoke, or to its heading once the row is gone.
    <ModalDialog
      onClose={onClose}
      labelledBy="revoke-title"
      describedBy="revoke-body"
      className="settings-revoke"
      testId="revoke-dialog"
      returnFocus={false}
    >
      <h2 id="revoke-title">{t('settings.revoke.title', { label: token.label })}</h2>
      <div id="revoke-body">
        <p>{body}</p>
        {token.kind === 'person' && token.memberId === me && <p>{t('settings.revoke.yourOwn')}</p>}
      </div>
      {problem && <p role="alert">{problem}</p>}
      <DialogFooter
        label={revoking.isPending ? t('settings.revoke.revoking') : t('settings.revoke.confirm')}
        onCancel={onClose}
        onAct={() => void confirm()}
        disabled={revoking.isPending}
        destructive
      />
    </ModalDialog>
  );
}
