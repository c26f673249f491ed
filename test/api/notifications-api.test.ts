/**
 * Issue 40 item 10 — each person sets how Cast reaches them: `GET/PUT /api/v1/me/notifications`
 * (defaults, a whole document replaced, bad documents refused with their codes and nothing
 * changed, only ever one's own), a test message per channel that the notifier hands to that
 * channel for that member alone, and the member's delivery log. Real PostgreSQL, a real
 * notifier over the outbox; the channels' transports are recorders (push, email and Slack are
 * their own items).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '../../domain/notifications/notification-settings';
import type { MemberChannel } from '../../domain/notifications/delivery';
import { notificationRoutes } from '../../domain/routes/notifications';
import { peopleRoutes } from '../../domain/routes/people';
import { memberChannel, type MemberMessage } from '../../notifier/member-channel';
import { Notifier } from '../../notifier/notifier';
import { agentTokenOf, colleagueOf } from '../support/members';
import { expectProblem } from '../support/problem';
import { startTestCast, type TestCast } from '../support/test-cast';

let cast: TestCast;
beforeAll(async () => {
  cast = await startTestCast({ worker: false });
});
afterAll(() => cast?.stop());

const CHOSEN: NotificationSettings = {
  push: { enabled: true, showTitles: true },
  email: { enabled: true, address: 'dana@example.com', immediate: false },
  slack: { enabled: false },
  digest: { cadence: 'hourly', hour: 8 },
  quietHours: { start: '22:00', end: '07:00' },
  urgent: 'all',
  timeZone: 'Europe/Paris',
};

/** A transport that keeps what it was handed, or refuses every message with `refusal`. */
function recorder(channel: MemberChannel, refusal?: string) {
  const sent: MemberMessage[] = [];
  const transport = {
    channel,
    kinds: ['notification.test'] as const,
    async send(message: MemberMessage) {
      if (refusal) throw new Error(refusal);
      sent.push(message);
    },
  };
  // A cursor of its own, so this notifier never meets another test's or a worker's.
  return { sent, provider: { ...memberChannel(cast.pool, transport), name: `test-${channel}-${randomUUID()}` } };
}

/**
 * Rings `notifier` until `done` holds: a transaction another test file keeps open can hold the
 * outbox's horizon back for a while, so one pass is not enough to have read what was written.
 */
async function handedOn(notifier: Notifier, done: () => Promise<boolean> | boolean): Promise<void> {
  await expect
    .poll(
      async () => {
        notifier.wake();
        await notifier.settled();
        return done();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

describe('issue 40 item 10 — my notification settings', () => {
  it('reads the defaults, in the profile’s zone else UTC, with the channels this server sends on', async () => {
    const dana = await cast.newMember();
    expect(await cast.send(dana.token, notificationRoutes.getNotifications)).toEqual({
      settings: DEFAULT_NOTIFICATION_SETTINGS,
      timeZone: 'UTC',
      configured: { push: true, email: true, slack: true },
    });
    await cast.send(dana.token, peopleRoutes.changeProfile, { body: { timeZone: 'Asia/Tokyo' } });
    expect((await cast.send(dana.token, notificationRoutes.getNotifications)).timeZone).toBe('Asia/Tokyo');
  });

  it('replaces the whole document and reads it back; the settings’ own zone wins over the profile’s', async () => {
    const dana = await cast.newMember();
    await cast.send(dana.token, peopleRoutes.changeProfile, { body: { timeZone: 'Asia/Tokyo' } });
    const stored = await cast.send(dana.token, notificationRoutes.putNotifications, { body: { ...CHOSEN, timeZone: 'europe/paris' } });
    expect(stored).toMatchObject({ settings: CHOSEN, timeZone: 'Europe/Paris' });
    expect(await cast.send(dana.token, notificationRoutes.getNotifications)).toEqual(stored);
  });

  it('refuses a bad document with a specific problem and changes nothing', async () => {
    const dana = await cast.newMember();
    await cast.send(dana.token, notificationRoutes.putNotifications, { body: CHOSEN });
    const cases: [unknown, number, string, RegExp][] = [
      [{ ...CHOSEN, email: { enabled: true, address: null, immediate: true } }, 422, 'notification_address_missing', /email address/],
      [{ ...CHOSEN, digest: { cadence: 'daily', hour: 24 } }, 400, 'invalid_request', /digest.s hour is 24/],
      [{ ...CHOSEN, digest: { cadence: 'weekly', hour: 8 } }, 400, 'invalid_request', /digest.s cadence is "weekly"/],
      [{ ...CHOSEN, quietHours: { start: '22:00', end: '7:00' } }, 400, 'invalid_request', /HH:MM/],
      [{ ...CHOSEN, timeZone: 'Mars/Olympus_Mons' }, 400, 'invalid_request', /not a time zone Cast knows/],
      [{ ...CHOSEN, email: { ...CHOSEN.email, address: 'not an address' } }, 400, 'invalid_request', /address is not a valid email/],
      [{ ...CHOSEN, urgent: 'sometimes' }, 400, 'invalid_request', /urgent is "sometimes"/],
      [{ ...CHOSEN, sms: { enabled: true } }, 400, 'invalid_request', /no field "sms"/],
      [{ ...CHOSEN, push: { enabled: true, showTitles: true, sound: 'loud' } }, 400, 'invalid_request', /no field "sound"/],
      [{ push: CHOSEN.push }, 400, 'invalid_request', /email is missing/],
    ];
    for (const [body, status, code, detail] of cases) {
      const problem = await expectProblem(await cast.request(dana.token, 'PUT', '/api/v1/me/notifications', body), status, code);
      expect(problem.detail).toMatch(detail);
    }
    expect((await cast.send(dana.token, notificationRoutes.getNotifications)).settings).toEqual(CHOSEN);
  });

  it('is always one’s own: a colleague’s write and log never reach mine; an agent has none', async () => {
    const dana = await cast.newMember();
    const sam = await colleagueOf(cast.pool, dana, 'Sam');
    await cast.send(sam.token, notificationRoutes.putNotifications, { body: CHOSEN });
    await cast.send(sam.token, notificationRoutes.testNotification, { body: { channel: 'email' } });
    expect((await cast.send(dana.token, notificationRoutes.getNotifications)).settings).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect((await cast.send(sam.token, notificationRoutes.getNotifications)).settings).toEqual(CHOSEN);
    const agent = await agentTokenOf(cast.pool, dana);
    await expectProblem(await cast.request(agent.token, 'GET', '/api/v1/me/notifications'), 403, 'forbidden_for_agent');
    await expectProblem(await cast.request(agent.token, 'PUT', '/api/v1/me/notifications', CHOSEN), 403, 'forbidden_for_agent');
    await expectProblem(
      await cast.request(agent.token, 'POST', '/api/v1/me/notifications/test', { channel: 'push' }),
      403,
      'forbidden_for_agent',
    );
  });

  it('a viewer sets their own, too', async () => {
    const dana = await cast.newMember();
    const vic = await colleagueOf(cast.pool, dana, 'Vic', 'viewer');
    const { settings } = await cast.send(vic.token, notificationRoutes.putNotifications, { body: CHOSEN });
    expect(settings).toEqual(CHOSEN);
  });
});

describe('issue 40 item 10 — a test message and the delivery log', () => {
  it('the test writes a notification.test event that its channel hands to that member alone; the log shows it', async () => {
    const dana = await cast.newMember();
    const sam = await colleagueOf(cast.pool, dana, 'Sam');
    const vic = await colleagueOf(cast.pool, dana, 'Vic', 'viewer');
    await cast.send(dana.token, notificationRoutes.putNotifications, { body: CHOSEN });
    const email = recorder('email');
    const push = recorder('push');
    const slack = recorder('slack', 'Slack said: not_in_channel');
    const notifier = new Notifier({ pool: cast.pool, channels: [email.provider, push.provider, slack.provider] });
    try {
      const test = await cast.reply(dana.token, notificationRoutes.testNotification, { body: { channel: 'email' } });
      expect(test).toMatchObject({ status: 201, body: { channel: 'email' } });
      await cast.send(vic.token, notificationRoutes.testNotification, { body: { channel: 'push' } });
      await cast.send(dana.token, notificationRoutes.testNotification, { body: { channel: 'slack' } });
      const logged = async (member: { token: string }, count: number) =>
        (await cast.send(member.token, notificationRoutes.listNotificationDeliveries, { query: {} })).deliveries.filter(
          (row) => row.status !== 'pending',
        ).length === count;
      await handedOn(notifier, async () => (await logged(dana, 2)) && (await logged(vic, 1)));

      // Email's test went to Dana alone, with her settings; nobody else's channel sent it.
      expect(
        email.sent.filter((message) => message.workspaceId === dana.workspaceId).map((message) => [message.member.id, message.event.id]),
      ).toEqual([[dana.memberId, test.body.eventId]]);
      expect(email.sent.find((message) => message.event.id === test.body.eventId)?.settings.email.address).toBe('dana@example.com');
      // A viewer tests theirs too: a test reaches whoever asked for it, not only those who answer.
      expect(push.sent.filter((message) => message.workspaceId === dana.workspaceId).map((message) => message.member.id)).toEqual([
        vic.memberId,
      ]);

      const log = await cast.send(dana.token, notificationRoutes.listNotificationDeliveries, { query: {} });
      expect(log.deliveries.map((row) => [row.channel, row.kind, row.status, row.detail, row.attempts])).toEqual([
        ['slack', 'notification.test', 'failed', 'Slack said: not_in_channel', 1],
        ['email', 'notification.test', 'sent', null, 1],
      ]);
      expect(log.deliveries[1]?.eventId).toBe(test.body.eventId);
      const onlyEmail = await cast.send(dana.token, notificationRoutes.listNotificationDeliveries, { query: { channel: 'email' } });
      expect(onlyEmail.deliveries.map((row) => row.channel)).toEqual(['email']);
      // Sam's log holds nothing of Dana's; Vic's holds their push.
      expect((await cast.send(sam.token, notificationRoutes.listNotificationDeliveries, { query: {} })).deliveries).toEqual([]);
      const vicLog = await cast.send(vic.token, notificationRoutes.listNotificationDeliveries, { query: {} });
      expect(vicLog.deliveries.map((row) => [row.channel, row.status])).toEqual([['push', 'sent']]);
    } finally {
      await notifier.stop();
    }
  });

  it('refuses a test on email without an address, on an unknown channel, and on a channel this server cannot send on', async () => {
    const dana = await cast.newMember();
    const before = await cast.pool.query('select count(*)::int as n from outbox_events where workspace_id = $1', [dana.workspaceId]);
    const noAddress = await expectProblem(
      cast.send(dana.token, notificationRoutes.testNotification, { body: { channel: 'email' } }),
      422,
      'notification_address_missing',
    );
    expect(noAddress.detail).toMatch(/email address/);
    await expectProblem(
      await cast.request(dana.token, 'POST', '/api/v1/me/notifications/test', { channel: 'sms' }),
      400,
      'invalid_request',
    );
    await expectProblem(await cast.request(dana.token, 'POST', '/api/v1/me/notifications/test', {}), 400, 'invalid_request');

    const bare = await startTestCast({ worker: false, notificationChannels: { push: true, email: false, slack: false } });
    try {
      const sam = await bare.newMember();
      expect((await bare.send(sam.token, notificationRoutes.getNotifications)).configured).toEqual({
        push: true,
        email: false,
        slack: false,
      });
      const refused = await expectProblem(
        bare.send(sam.token, notificationRoutes.testNotification, { body: { channel: 'slack' } }),
        409,
        'notification_channel_not_configured',
      );
      expect(refused.detail).toMatch(/Slack needs its app token/);
    } finally {
      await bare.stop();
    }
    const after = await cast.pool.query('select count(*)::int as n from outbox_events where workspace_id = $1', [dana.workspaceId]);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});
