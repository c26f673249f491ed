/**
 * One channel's "Send a test" and its delivery log (issue 40 item 10): what the channel did with
 * each message for this person — sent, failed and why, held for the digest, skipped — with its
 * attempts, when, and when a failed one is tried again, in the zone their notifications are read in.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberChannel, NotificationDelivery } from '../../../../domain/notifications/delivery';
import { moment } from '../../shared/time';
import { useAction } from '../../shared/use-action';
import { useChannelDeliveries, useTestNotification } from './notifications-queries';
import { testOutcome, testRow } from './test-outcome';

/** The reasons Cast itself gives for holding or skipping; anything else is the transport's own words. */
const REASONS = ['present', 'quiet_hours', 'not_urgent', 'channel_off', 'not_for_member'] as const;

export function ChannelLog({ channel, configured, timeZone }: { channel: MemberChannel; configured: boolean; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [awaiting, setAwaiting] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const deliveries = useChannelDeliveries(channel, awaiting);
  const test = useTestNotification(channel);
  const act = useAction(setProblem);
  const name = t(`notifications.channels.${channel}`);

  async function send() {
    setProblem(null);
    setAwaiting(null);
    await act(async () => setAwaiting((await test.mutateAsync()).eventId));
  }

  const reason = (delivery: NotificationDelivery) => {
    if (!delivery.detail) return null;
    const known = (REASONS as readonly string[]).includes(delivery.detail);
    return known ? t(`notifications.log.reasons.${delivery.detail}`) : delivery.detail;
  };

  const outcome = awaiting ? testOutcome(deliveries.data, awaiting) : null;
  const row = awaiting ? testRow(deliveries.data, awaiting) : undefined;

  return (
    <section className="settings-section channel-log" aria-labelledby={`${id}-heading`} data-testid={`log-${channel}`}>
      <h3 id={`${id}-heading`}>{name}</h3>
      <div className="field-row">
        <button
          type="button"
          onClick={() => void send()}
          disabled={!configured || test.isPending}
          aria-label={t('notifications.testNamed', { channel: name })}
        >
          {t('notifications.test')}
        </button>
      </div>
      {!configured && <p className="help">{t('notifications.notSetUp')}</p>}
      {problem && <p role="alert">{problem}</p>}
      <p role="status" className="help" data-testid={`test-result-${channel}`}>
        {outcome === 'waiting' && t('notifications.testWaiting')}
        {outcome === 'sent' && t('notifications.testSent', { channel: name })}
        {outcome === 'failed' && t('notifications.testFailed', { reason: row?.detail ?? '' })}
        {outcome === 'skipped' && t('notifications.testSkipped', { reason: row ? (reason(row) ?? '') : '' })}
      </p>
      {deliveries.isError && <p role="alert">{t('notifications.log.failed')}</p>}
      {deliveries.data && deliveries.data.length === 0 && <p className="help">{t('notifications.log.none')}</p>}
      {deliveries.data && deliveries.data.length > 0 && (
        <ul className="delivery-log" aria-label={t('notifications.log.caption', { channel: name })}>
          {deliveries.data.map((delivery) => (
            <li key={delivery.id} data-status={delivery.status}>
              <span className="delivery-status">{t(`notifications.log.statuses.${delivery.status}`)}</span> ·{' '}
              {delivery.kind === 'notification.test'
                ? t('notifications.log.test')
                : delivery.decisionId
                  ? `${delivery.decisionId}`
                  : delivery.kind}
              {reason(delivery) && <> · {reason(delivery)}</>} · {t('notifications.log.attempts', { count: delivery.attempts })} ·{' '}
              <time dateTime={delivery.createdAt}>{moment(delivery.createdAt, i18n.language, timeZone, true)}</time>
              {delivery.nextAttemptAt && (
                <>
                  {' · '}
                  <span data-testid="next-attempt">
                    {t('notifications.log.nextAttempt', { time: moment(delivery.nextAttemptAt, i18n.language, timeZone, true) })}
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
