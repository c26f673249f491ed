/**
 * `/settings/notifications` (issue 40 item 10): where a person says how Cast reaches them. This
 * branch draws the browser's section (issue 40 item 2); the page's other sections join it.
 */
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../shared/page-frame';
import { PushSection } from './push-section';

export function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('notifications.title')} loaded="ready" className="settings">
      <p className="subtitle">{t('notifications.subtitle')}</p>
      <PushSection />
    </PageFrame>
  );
}
