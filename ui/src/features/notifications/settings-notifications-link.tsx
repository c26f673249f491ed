/** Settings' way to the notifications page: every person sets their own. */
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/app-link';
import { useMay } from '../../shared/session';

export function SettingsNotificationsLink() {
  const { t } = useTranslation();
  if (!useMay('profile.own')) return null;
  return (
    <section className="settings-section" aria-labelledby="notifications-link-heading">
      <h2 id="notifications-link-heading">{t('notifications.link.heading')}</h2>
      <p className="help">{t('notifications.link.help')}</p>
      <AppLink href="/settings/notifications" data-testid="notifications-link">
        {t('notifications.link.open')}
      </AppLink>
    </section>
  );
}
