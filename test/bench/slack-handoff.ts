/**
 * Issue 40's figure for Slack: decision filed → its Slack message handed to Slack's Web API
 * (the stand-in on loopback that the tests use; Slack is off this machine), P95 ≤ 1 s. A
 * notifier with only the Slack channel runs beside the bench's worker, woken by the outbox's
 * NOTIFY as a worker's is; it first reads the outbox the bench already wrote, untimed. Each
 * decision is filed alone and timed from the filing request to the stand-in holding its post.
 */
import { ChangeListener } from '../../db/change-listener';
import { putNotificationSettings } from '../../db/notification-settings';
import type { Pool } from '../../db/pool';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../domain/notifications/notification-settings';
import { slackChannel } from '../../notifier/channels/slack';
import { Notifier } from '../../notifier/notifier';
import { slackApi } from '../../slack/slack-api';
import { decisionBody } from '../support/fixtures';
import { startSlackStandIn } from '../support/slack/slack-stand-in';
import type { HttpClient } from './http-client';
import { summarize, type Summary } from './stats';

export async function slackHandoffs(
  deps: { pool: Pool; http: HttpClient; member: { workspaceId: string; memberId: string } },
  decisions: number,
): Promise<Summary> {
  const slack = await startSlackStandIn();
  const user = 'U0BENCH001';
  slack.users.add(user);
  // The member linked their Slack user, and counts every new decision as urgent (the bench files advisory ones).
  await deps.pool.query(
    `insert into slack_links (member_id, workspace_id, slack_user_id, team_id, linked_at) values ($1, $2, $3, 'T0BENCH', now())
     on conflict (member_id) do nothing`,
    [deps.member.memberId, deps.member.workspaceId, user],
  );
  await putNotificationSettings(deps.pool, deps.member.workspaceId, deps.member.memberId, {
    ...DEFAULT_NOTIFICATION_SETTINGS,
    slack: { enabled: true },
    urgent: 'all',
  });
  const listener = ChangeListener.forPool(deps.pool);
  const settings = { botToken: slack.botToken, signingSecret: 'bench-signing-secret-0123456789', apiUrl: slack.apiUrl };
  const notifier = new Notifier({ pool: deps.pool, channels: [slackChannel({ pool: deps.pool, slack: slackApi(settings) })], listener });
  listener.start();
  notifier.start();
  await notifier.settled();
  const lags: number[] = [];
  try {
    for (let index = 0; index < decisions; index += 1) {
      const filedAt = performance.now();
      const { decision } = (await deps.http.json('POST', '/api/v1/decisions', decisionBody(`Slack hand-off ${index}?`))) as { decision: { id: string } };
      const posted = () => slack.of('chat.postMessage').find((call) => JSON.stringify(call.args.blocks).includes(`· ${decision.id}"`));
      const until = Date.now() + 30_000;
      while (!posted() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
      const call = posted();
      if (call) lags.push(call.receivedAt - filedAt);
    }
  } finally {
    await notifier.stop();
    await listener.stop();
    await slack.close();
  }
  return summarize(lags);
}
