/** Settings' way to the Webhooks page, offered only to a role that manages webhooks. */
import { useTranslation } from 'react-i18next';
import { useMay } from '../../shared/session';
import { AppLink } from '../../shared/app-link';

export function SettingsWebhooksLink() {
  const { t } = useTranslation();
  if (!useMay('webhook.manage')) return null;
  return (
    <section className="settings-section" aria-labelledby="webhooks-link-heading">
      <h2 id="webhooks-link-heading">{t('settings.webhooksLink.heading')}</h2>
      <p className="help">{t('settings.webhooksLink.help')}</p>
      <AppLink href="/settings/webhooks" data-testid="webhooks-link">
        {t('settings.webhooksLink.open')}
      </AppLink>
    </section>
  );
}
