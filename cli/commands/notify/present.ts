/** How `cast notify` prints settings and delivery log lines. */
import type { NotificationDelivery } from '../../../domain/notifications/delivery';
import type { NotificationsView } from '../../../domain/notifications/notifications-api';
import { bold } from '../../output';

const onOff = (value: boolean) => (value ? 'on' : 'off');
const setUp = (configured: boolean) => (configured ? '' : ' (not set up on this server)');

export function settingsLines(view: NotificationsView): string[] {
  const { settings, configured } = view;
  const digest =
    settings.digest.cadence === 'daily'
      ? `daily at ${String(settings.digest.hour).padStart(2, '0')}:00`
      : settings.digest.cadence === 'hourly'
        ? 'hourly'
        : 'off';
  const email = settings.email.address
    ? `${onOff(settings.email.enabled)}, ${settings.email.address}, ${settings.email.immediate ? 'urgent ones at once' : 'digest only'}`
    : `${onOff(settings.email.enabled)}, no address`;
  return [
    `${bold('Push')}         ${onOff(settings.push.enabled)}, titles ${onOff(settings.push.showTitles)}${setUp(configured.push)}`,
    `${bold('Email')}        ${email}${setUp(configured.email)}`,
    `${bold('Slack')}        ${onOff(settings.slack.enabled)}${setUp(configured.slack)}`,
    `${bold('Digest')}       ${digest}`,
    `${bold('Quiet hours')}  ${settings.quietHours ? `${settings.quietHours.start}–${settings.quietHours.end}` : 'none'}`,
    `${bold('Urgent')}       ${settings.urgent === 'all' ? 'every new decision' : 'blocking decisions'}`,
    `${bold('Time zone')}    ${view.timeZone}${settings.timeZone ? '' : ' (from your profile)'}`,
  ];
}

/** `2026-12-04 09:00` in `timeZone`. */
export function localTime(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

export function deliveryLine(delivery: NotificationDelivery, timeZone: string): string {
  const about =
    delivery.kind === 'notification.test'
      ? 'test message'
      : delivery.decisionId
        ? `${delivery.kind} ${delivery.decisionId}`
        : delivery.kind;
  const attempts = delivery.attempts > 1 ? ` · ${delivery.attempts} attempts` : '';
  const why = delivery.detail ? ` — ${delivery.detail}` : '';
  const next = delivery.nextAttemptAt ? ` · tried again at ${localTime(delivery.nextAttemptAt, timeZone)}` : '';
  return `${localTime(delivery.createdAt, timeZone)}  ${delivery.channel.padEnd(5)}  ${bold(delivery.status.padEnd(7))}  ${about}${attempts}${why}${next}`;
}
