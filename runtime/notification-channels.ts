import type { ConfiguredChannels } from '../domain/notifications/notifications-api';
import type { Env } from './env';

/**
 * Which member channels this deployment can send on (issue 40 item 10), as the notifications
 * page and `cast notify` show them: push always (Cast keeps its own VAPID keys when none are
 * set), email and Slack once their settings are.
 */
export function configuredChannels(env: Pick<Env, 'email' | 'slack'>): ConfiguredChannels {
  return { push: true, email: env.email !== null, slack: env.slack !== null };
}
