/**
 * Issue 40 item 10 through the `cast` door: `cast notify` shows a person's settings, `set`
 * changes only the ones named (a refusal prints the API's problem text and changes nothing),
 * `test` asks for a test message, and `log` reads the delivery log — against a real started Cast.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordDelivery } from '../../db/notification-deliveries';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '../../domain/notifications/notification-settings';
import { notificationRoutes } from '../../domain/routes/notifications';
import { agentTokenOf } from '../support/members';
import { startTestCast, type TestCast } from '../support/test-cast';
import { castShell, jsonOf } from './run-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast({ worker: false, notificationChannels: { push: true, email: true, slack: false } });
});
afterAll(() => cast?.stop());

describe('cast notify (issue 40 item 10)', () => {
  it('shows the defaults, then sets only what is named', async () => {
    const dana = await cast.newMember();
    const shell = castShell({ url: cast.url, token: dana.token });
    const shown = await shell.run(['notify']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/Push\s+on, titles off/);
    expect(shown.stdout).toMatch(/Email\s+off, no address/);
    expect(shown.stdout).toMatch(/Slack\s+off \(not set up on this server\)/);
    expect(shown.stdout).toMatch(/Digest\s+daily at 09:00/);

    const set = await shell.run([
      'notify',
      'set',
      '--digest',
      'daily',
      '--hour',
      '8',
      '--quiet',
      '22:00-07:00',
      '--tz',
      'Europe/Paris',
      '--email',
      'dana@example.com',
      '--urgent',
      'all',
      '--json',
    ]);
    expect(set.code, set.stderr).toBe(0);
    const expected: NotificationSettings = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      email: { enabled: true, address: 'dana@example.com', immediate: true },
      digest: { cadence: 'daily', hour: 8 },
      quietHours: { start: '22:00', end: '07:00' },
      urgent: 'all',
      timeZone: 'Europe/Paris',
    };
    expect(jsonOf<{ settings: NotificationSettings }>(set).settings).toEqual(expected);
    expect((await cast.send(dana.token, notificationRoutes.getNotifications)).settings).toEqual(expected);

    // Another flag leaves the rest as they are.
    expect((await shell.run(['notify', 'set', '--push-titles', 'on'])).code).toBe(0);
    const after = await shell.run(['notify', 'show', '--json']);
    expect(jsonOf<{ settings: NotificationSettings }>(after).settings).toEqual({ ...expected, push: { enabled: true, showTitles: true } });
  });

  it("prints the API's refusal and changes nothing; the CLI's own flag errors exit 2", async () => {
    const dana = await cast.newMember();
    const shell = castShell({ url: cast.url, token: dana.token });
    const badZone = await shell.run(['notify', 'set', '--tz', 'Mars/Olympus_Mons']);
    expect(badZone.code).toBe(7);
    expect(badZone.stderr).toContain('"Mars/Olympus_Mons" is not a time zone Cast knows');
    const noAddress = await shell.run(['notify', 'set', '--email', 'on']);
    expect(noAddress.code).toBe(7);
    expect(noAddress.stderr).toContain('Give an email address to switch email on');
    const badCadence = await shell.run(['notify', 'set', '--digest', 'weekly']);
    expect(badCadence.code).toBe(7);
    expect(badCadence.stderr).toContain('The digest\'s cadence is "weekly"');
    expect((await shell.run(['notify', 'set', '--quiet', '22:00'])).code).toBe(2);
    expect((await shell.run(['notify', 'set', '--push', 'maybe'])).code).toBe(2);
    expect((await shell.run(['notify', 'set'])).code).toBe(2);
    expect((await cast.send(dana.token, notificationRoutes.getNotifications)).settings).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('sends a test message, refuses one on a channel the server cannot send on, and reads the log', async () => {
    const dana = await cast.newMember();
    const shell = castShell({ url: cast.url, token: dana.token });
    expect((await shell.run(['notify', 'set', '--tz', 'Asia/Tokyo'])).code).toBe(0);
    const test = await shell.run(['notify', 'test', 'push', '--json']);
    expect(test.code, test.stderr).toBe(0);
    const { eventId } = jsonOf<{ eventId: string }>(test);
    const event = await cast.pool.query('select kind, subject_id, data from outbox_events where id = $1', [eventId]);
    expect(event.rows).toEqual([
      { kind: 'notification.test', subject_id: dana.memberId, data: { memberId: dana.memberId, channel: 'push' } },
    ]);

    const slack = await shell.run(['notify', 'test', 'slack']);
    expect(slack.code).toBe(3);
    expect(slack.stderr).toContain('This server does not send on slack');
    expect((await shell.run(['notify', 'test', 'pigeon'])).code).toBe(2);

    expect((await shell.run(['notify', 'log'])).stdout).toContain('Nothing sent yet.');
    // What a channel wrote (push and email are their own items): read back in the member's zone.
    const base = { workspaceId: dana.workspaceId, memberId: dana.memberId, decisionId: null };
    await recordDelivery(cast.pool, { ...base, channel: 'push', kind: 'notification.test', eventId, status: 'sent' });
    await recordDelivery(cast.pool, {
      ...base,
      channel: 'email',
      kind: 'decision.opened',
      eventId: `${eventId}.mail`,
      decisionId: 'sd-7',
      status: 'failed',
      detail: 'SMTP 550 mailbox unavailable',
    });
    await cast.pool.query(`update notification_deliveries set created_at = '2026-12-04T00:30:00Z' where member_id = $1`, [dana.memberId]);
    // The email is tried again at 09:40 in Dana's zone, its second attempt refused too.
    await cast.pool.query(
      `update notification_deliveries set attempts = 2, next_attempt_at = '2026-12-04T00:40:00Z' where member_id = $1 and channel = 'email'`,
      [dana.memberId],
    );
    const log = await shell.run(['notify', 'log']);
    expect(log.code, log.stderr).toBe(0);
    expect(log.stdout).toContain(
      '2026-12-04 09:30  email  failed   decision.opened sd-7 · 2 attempts — SMTP 550 mailbox unavailable · tried again at 2026-12-04 09:40',
    );
    expect(log.stdout).toContain('2026-12-04 09:30  push   sent     test message');
    const onlyPush = await shell.run(['notify', 'log', '--channel', 'push', '--json']);
    expect(jsonOf<{ deliveries: { channel: string }[] }>(onlyPush).deliveries.map((row) => row.channel)).toEqual(['push']);
  });

  it('an agent token has no notifications: exit 9', async () => {
    const dana = await cast.newMember();
    const agent = await agentTokenOf(cast.pool, dana);
    const run = await castShell({ url: cast.url, token: agent.token }).run(['notify']);
    expect(run.code).toBe(9);
  });
});
