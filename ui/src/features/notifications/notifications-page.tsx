/**
 * `/settings/notifications` (issue 40): where each person says how Cast reaches them. This
 * branch holds its Slack section only; the page's other sections (channels, digest, quiet
 * hours, the delivery log) come with issue 40 item 10.
 */
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/app-link';
import { PageFrame } from '../../shared/page-frame';
import { SlackSection } from './slack-section';

export function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('notifications.title')} loaded="ready" className="settings notifications">
      <p className="subtitle">
        <AppLink href="/settings">{t('settings.webhooks.back')}</AppLink> · {t('notifications.subtitle')}
      </p>
      <SlackSection />
    </PageFrame>
  );
}
