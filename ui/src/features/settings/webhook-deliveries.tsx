/** An endpoint's delivery log, newest first: each event, whether it arrived, after how many tries, and the last answer. */
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '../../../../domain/webhook-schema';
import { useDeliveries } from './webhooks-queries';
import { Ago } from '../../shared/ago';

export function WebhookDeliveries({ id, labelledBy }: { id: string; labelledBy: string }) {
  const { t } = useTranslation();
  const deliveries = useDeliveries(id);
  if (deliveries.isPending) return null;
  if (deliveries.isError) return <p role="alert">{t('settings.webhooks.failed')}</p>;
  if (deliveries.data.length === 0) return <p className="help">{t('settings.webhooks.noDeliveries')}</p>;
  return (
    <ul className="webhook-deliveries" aria-labelledby={labelledBy} data-testid="webhook-deliveries">
      {deliveries.data.map((delivery) => (
        <li key={delivery.id} data-status={delivery.status}>
          <code>{delivery.eventType}</code> · {t(`settings.webhooks.statuses.${delivery.status}`)} ·{' '}
          {t('settings.webhooks.attempts', { count: delivery.attemptCount })} · <Ago at={delivery.createdAt} />
          {lastAnswer(t, delivery)}
        </li>
      ))}
    </ul>
  );
}

function lastAnswer(t: ReturnType<typeof useTranslation>['t'], delivery: WebhookDelivery) {
  const last = delivery.attempts[0];
  if (!last) return null;
  if (last.responseStatus !== null) return <> · {t('settings.webhooks.lastResponse', { status: last.responseStatus })}</>;
  return last.error ? <> · {t('settings.webhooks.lastError', { error: last.error })}</> : null;
}
