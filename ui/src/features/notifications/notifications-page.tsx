/**
 * `/settings/notifications` (issue 40 item 10): how Cast reaches this person — their channels,
 * digest, quiet hours, time zone and what counts as urgent — a test message per channel, and
 * each channel's delivery log. Every role sets their own (`profile.own`).
 */
import { useTranslation } from 'react-i18next';
import { MemberChannel } from '../../../../domain/notifications/delivery';
import { AppLink } from '../../shared/app-link';
import { PageFrame } from '../../shared/page-frame';
import { pageStateOf } from '../../shared/page-state';
import { ChannelLog } from './channel-log';
import { CHANNEL_SECTIONS } from './channel-sections';
import { useNotifications } from './notifications-queries';
import { NotificationSettingsForm } from './settings-form';
import './notifications.css';

export function NotificationsPage() {
  const { t } = useTranslation();
  const view = useNotifications();
  return (
    <PageFrame title={t('notifications.title')} loaded={pageStateOf(view)} className="settings notifications">
      <p className="subtitle">
        <AppLink href="/settings">{t('notifications.back')}</AppLink> · {t('notifications.subtitle')}
      </p>
      {view.data && (
        <>
          <NotificationSettingsForm view={view.data} />
          {/* Each channel's own controls (this browser's push, the Slack link): forms of their own, so beside the settings' form, never in it. */}
          {MemberChannel.map((channel) => {
            const Section = CHANNEL_SECTIONS[channel];
            return Section ? <Section key={channel} /> : null;
          })}
          <section className="settings-section" aria-labelledby="notifications-log-heading">
            <h2 id="notifications-log-heading">{t('notifications.logHeading')}</h2>
            <p className="help">{t('notifications.logHelp', { zone: view.data.timeZone })}</p>
            {MemberChannel.map((channel) => (
              <ChannelLog key={channel} channel={channel} configured={view.data.configured[channel]} timeZone={view.data.timeZone} />
            ))}
          </section>
        </>
      )}
    </PageFrame>
  );
}
