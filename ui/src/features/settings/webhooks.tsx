/**
 * `/settings/webhooks` (issue 39 item 10): the workspace's push endpoints — list, register,
 * rotate a secret, delete, and each one's recent deliveries. Only a role holding
 * `webhook.manage` (admin, owner) is offered any of it; anyone else reads one line saying so.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '../../../../domain/webhook-schema';
import { AppLink } from '../../shared/app-link';
import { SettingsSecret } from './settings-secret';
import { useAction } from '../../shared/use-action';
import { WebhookDeleteDialog } from './webhook-delete-dialog';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookForm } from './webhook-form';
import { useTimeZone } from '../../shared/time-zone-provider';
import { pageStateOf } from '../../shared/page-state';
import { useMay } from '../../shared/session';
import { useRotateWebhookSecret, useWebhooks } from './webhooks-queries';
import { moment } from '../../shared/time';
import { PageFrame, When } from '../../shared/page-frame';

/** A secret shown once: the endpoint it signs for, and until when the old one still signs (after a rotation). */
type Shown = { title: string; secret: string; lines: string[] };

export function WebhooksPage() {
  const { t } = useTranslation();
  const mayManage = useMay('webhook.manage');
  const webhooks = useWebhooks(mayManage);
  const [shown, setShown] = useState<Shown | null>(null);
  const [said, setSaid] = useState('');
  const listHeading = useRef<HTMLHeadingElement>(null);
  return (
    <PageFrame title={t('settings.webhooks.title')} loaded={mayManage ? pageStateOf(webhooks) : 'ready'} className="settings webhooks">
      <p className="subtitle">
        <AppLink href="/settings">{t('settings.webhooks.back')}</AppLink> · {t('settings.webhooks.subtitle')}
      </p>
      {!mayManage ? (
        <p data-testid="webhooks-not-allowed">{t('settings.webhooks.notAllowed')}</p>
      ) : (
        <>
          {shown && <SettingsSecret title={shown.title} secret={shown.secret} lines={shown.lines} onDone={() => setShown(null)} />}
          <section className="settings-section" aria-labelledby="webhooks-heading">
            <h2 id="webhooks-heading" ref={listHeading} tabIndex={-1}>
              {t('settings.webhooks.caption')}
            </h2>
            {webhooks.data && webhooks.data.length === 0 && <p className="help">{t('settings.webhooks.none')}</p>}
            <ul className="webhook-list" data-testid="webhooks">
              {webhooks.data?.map((webhook) => (
                <WebhookItem
                  key={webhook.id}
                  webhook={webhook}
                  onSecret={setShown}
                  onDeleted={() => {
                    setSaid(t('settings.webhooks.deleted', { url: webhook.url }));
                    listHeading.current?.focus();
                  }}
                />
              ))}
            </ul>
          </section>
          <WebhookForm
            onRegistered={({ url, secret }) => {
              setSaid(t('settings.webhooks.registered', { url }));
              setShown({ title: t('settings.webhooks.secretTitle', { url }), secret, lines: [t('settings.webhooks.secretUse')] });
            }}
          />
          <p role="status" className="visually-hidden" data-testid="webhooks-status">
            {said}
          </p>
        </>
      )}
    </PageFrame>
  );
}

function WebhookItem({ webhook, onSecret, onDeleted }: { webhook: Webhook; onSecret: (shown: Shown) => void; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const id = useId();
  const [deliveries, setDeliveries] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const rotating = useRotateWebhookSecret();
  const act = useAction(setProblem);
  const deleteButton = useRef<HTMLButtonElement>(null);

  async function rotate() {
    setProblem(null);
    await act(async () => {
      const rotated = await rotating.mutateAsync(webhook.id);
      const until = moment(rotated.previousSecretExpiresAt, i18n.language, zone, true);
      onSecret({
        title: t('settings.webhooks.rotatedTitle', { url: webhook.url }),
        secret: rotated.secret,
        lines: [t('settings.webhooks.rotatedUse', { time: until }), t('settings.webhooks.secretUse')],
      });
    });
  }

  return (
    <li className="webhook-item" data-testid="webhook" aria-labelledby={`${id}-url`}>
      <p className="webhook-url" id={`${id}-url`}>
        {webhook.url}
      </p>
      <p className="meta">
        {t('settings.webhooks.events')}: {webhook.events.join(', ')} · {t('settings.webhooks.created')} <When at={webhook.createdAt} />
      </p>
      <div className="webhook-actions">
        <button type="button" aria-label={t('settings.webhooks.rotateNamed', { url: webhook.url })} onClick={() => void rotate()}>
          {t('settings.webhooks.rotate')}
        </button>
        <button
          type="button"
          aria-expanded={deliveries}
          aria-controls={`${id}-deliveries`}
          aria-label={t(deliveries ? 'settings.webhooks.hideDeliveriesNamed' : 'settings.webhooks.deliveriesNamed', { url: webhook.url })}
          onClick={() => setDeliveries((open) => !open)}
        >
          {deliveries ? t('settings.webhooks.hideDeliveries') : t('settings.webhooks.deliveries')}
        </button>
        <button
          type="button"
          ref={deleteButton}
          className="danger"
          aria-label={t('settings.webhooks.deleteNamed', { url: webhook.url })}
          onClick={() => setDeleting(true)}
        >
          {t('settings.webhooks.delete')}
        </button>
      </div>
      {problem && <p role="alert">{problem}</p>}
      <div id={`${id}-deliveries`}>{deliveries && <WebhookDeliveries id={webhook.id} labelledBy={`${id}-url`} />}</div>
      {deleting && (
        <WebhookDeleteDialog
          webhook={webhook}
          onDeleted={onDeleted}
          onClose={() => {
            setDeleting(false);
            deleteButton.current?.focus();
          }}
        />
      )}
    </li>
  );
}
