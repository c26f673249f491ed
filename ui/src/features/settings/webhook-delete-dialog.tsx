/** Delete's confirmation: it names the endpoint and says deliveries stop at once. Cancel changes nothing. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '../../../../domain/webhook-schema';
import { useDeleteWebhook } from './webhooks-queries';
import { DialogFooter } from '../../shared/dialog-footer';
import { ModalDialog } from '../../shared/modal-dialog';
import { useAction } from '../../shared/use-action';

export function WebhookDeleteDialog({ webhook, onDeleted, onClose }: { webhook: Webhook; onDeleted: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const deleting = useDeleteWebhook();
  const [problem, setProblem] = useState<string | null>(null);
  const act = useAction(setProblem);

  async function confirm() {
    if (deleting.isPending) return;
    setProblem(null);
    if (await act(() => deleting.mutateAsync(webhook.id))) onDeleted();
  }

  return (
    <ModalDialog
      onClose={onClose}
      labelledBy="webhook-delete-title"
      describedBy="webhook-delete-body"
      className="settings-revoke"
      testId="webhook-delete-dialog"
      returnFocus={false}
    >
      <h2 id="webhook-delete-title">{t('settings.webhooks.deleteTitle', { url: webhook.url })}</h2>
      <p id="webhook-delete-body">{t('settings.webhooks.deleteBody')}</p>
      {problem && <p role="alert">{problem}</p>}
      <DialogFooter
        label={deleting.isPending ? t('settings.webhooks.deleting') : t('settings.webhooks.deleteConfirm')}
        onCancel={onClose}
        onAct={() => void confirm()}
        disabled={deleting.isPending}
        destructive
      />
    </ModalDialog>
  );
}
