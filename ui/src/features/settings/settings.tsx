/**
 * `/settings` (issue 19): who may do what. The workspace's members and teams (issue 41), its tokens with Revoke,
 * minting a token for an agent or for yourself, and each agent's tool grants (issue 39 item 5).
 * Only people reach it: the API refuses every one of these routes to an agent token, and web
 * sign-in takes person tokens only.
 */
import { useTranslation } from 'react-i18next';
import { SettingsCreateToken } from './settings-create-token';
import { SettingsMembers } from './settings-members';
import { SettingsTokens } from './settings-tokens';
import { pageStateOf } from '../../shared/page-state';
import { useMembers } from './people-queries';
import { PageFrame } from '../../shared/page-frame';
import { SettingsGrants } from './settings-grants';
import { SettingsReminders } from './settings-reminders';
import { SettingsApprovals } from './settings-approvals';
import { SettingsTimeZone } from './settings-time-zone';
import { SettingsWebhooksLink } from './settings-webhooks-link';
import { SettingsNotificationsLink } from '../notifications/settings-notifications-link';
import { SettingsTeams } from '../teams/settings-teams';
import { SettingsAnswers } from '../assignment/settings-answers';
import { SettingsAway } from '../assignment/settings-away';

export function SettingsPage({ me }: { me: string }) {
  const { t } = useTranslation();
  const members = useMembers();
  return (
    <PageFrame title={t('settings.title')} loaded={pageStateOf(members)} className="settings">
      <p className="subtitle">{t('settings.subtitle')}</p>
      {members.data && <SettingsMembers members={members.data} me={me} />}
      {members.data && <SettingsTeams members={members.data} />}
      <SettingsAnswers />
      {members.data && <SettingsAway members={members.data} me={me} />}
      <SettingsTokens me={me} />
      <SettingsCreateToken />
      <SettingsGrants />
      <SettingsTimeZone />
      {members.data && <SettingsReminders members={members.data} />}
      <SettingsApprovals />
      <SettingsNotificationsLink />
      <SettingsWebhooksLink />
    </PageFrame>
  );
}
