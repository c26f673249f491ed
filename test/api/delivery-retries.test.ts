/**
 * Issue 40 item 10: a member channel's refused message is tried again ("sent, failed and why,
 * retried"), through a real SMTP server on loopback that refuses as a busy server does (451).
 * The log says why each try failed and when the next is due; a message that gets through on a
 * retry is sent once; one refused every time ends failed for good when the schedule runs out;
 * and a retry after the decision was answered sends nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDeliveries } from '../../db/notification-deliveries';
import { putNotificationSettings } from '../../db/notification-settings';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../domain/notifications/notification-settings';
import { retryMemberDelivery } from '../../activities/retry-member-delivery';
import { emailTransport } from '../../notifier/channels/email';
import { memberChannel, Undeliverable, type MemberTransport } from '../../notifier/member-channel';
import type { OutboxEvent } from '../../domain/outbox/event-kinds';
import { smtpMailer, type Mailer } from '../../notifier/smtp-mailer';
import { approvalAsk, world } from '../support/agent-world';
import { startEmailCast } from '../support/email-cast';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox';
import type { Member, TestCast } from '../support/test-cast';

// Three retries, each a second apart: long enough to read the failure between them.
const DELAYS = [1000, 1000, 1000];

let inbox: SmtpInbox;
let cast: TestCast;
let mailer: Mailer;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  cast = await startEmailCast(inbox, { memberRetryDelaysMs: DELAYS });
  mailer = smtpMailer(inbox.settings(cast.url));
}, 120_000);
afterAll(async () => {
  mailer?.close();
  await cast?.stop();
  await inbox?.stop();
});

const SLOW = { timeout: 60_000, interval: 100 };

async function emailOn(member: Member): Promise<string> {
  const address = `r-${randomUUID().slice(0, 8)}@example.test`;
  await putNotificationSettings(cast.pool, member.workspaceId, member.memberId, {
    ...DEFAULT_NOTIFICATION_SETTINGS,
    email: { enabled: true, address, immediate: true },
  });
  return address;
}

async function fileBlocking(member: Member, question: string): Promise<string> {
  const filed = await world(cast, member).file({ question, context: 'The deploy agent waits on this.', asks: [approvalAsk()] });
  return filed.body.decision.id;
}

const emailLog = async (member: Member) => listDeliveries(cast.pool, member.workspaceId, member.memberId, { channel: 'email' });

describe('issue 40 item 10: a refused message is tried again', () => {
  it('refused once (451): the schedule’s retry sends it, once, and the log counts two attempts', async () => {
    const owner = await cast.newMember();
    const address = await emailOn(owner);
    inbox.refuse(address, 1);
    const decisionId = await fileBlocking(owner, 'May the deploy agent roll back release 42?');

    // Two attempts: the first refused, the second (the schedule's) sent.
    await expect.poll(async () => (await emailLog(owner)).map((row) => [row.status, row.attempts]), SLOW).toEqual([['sent', 2]]);
    const [sent] = await emailLog(owner);
    expect(sent).toMatchObject({ decisionId, nextAttemptAt: null });
    const mails = await inbox.waitFor(address);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.parsed.subject).toBe('Waiting on you: May the deploy agent roll back release 42?');
  });

  it('the first refusal is logged with the transport’s reason and the moment of the next try, and the schedule starts for that row', async () => {
    const owner = await cast.newMember();
    const at = new Date('2026-12-04T10:00:00.000Z');
    const started: string[] = [];
    const refusing: MemberTransport = {
      channel: 'email',
      kinds: ['notification.test'],
      send: () => Promise.reject(new Error('421 4.3.2 Service not available, closing channel')),
    };
    const channel = memberChannel(cast.pool, refusing, {
      clock: () => at,
      retries: { firstInMs: 30_000, start: async (id) => void started.push(id) },
    });
    const event: OutboxEvent<'notification.test'> = {
      id: `test.email.${randomUUID()}`,
      kind: 'notification.test',
      workspaceId: owner.workspaceId,
      subject: { kind: 'member', id: owner.memberId },
      occurredAt: at.toISOString(),
      data: { memberId: owner.memberId, channel: 'email' },
    };
    for (const subscription of await channel.subscriptions(event)) await channel.deliver(event, subscription);

    const [row] = await emailLog(owner);
    expect(row).toMatchObject({
      status: 'failed',
      detail: '421 4.3.2 Service not available, closing channel',
      attempts: 1,
      nextAttemptAt: '2026-12-04T10:00:30.000Z',
    });
    expect(started).toEqual([row!.id]);

    // A refusal no retry can mend is final at once: no next try, no schedule.
    const unmendable = memberChannel(
      cast.pool,
      { ...refusing, send: () => Promise.reject(new Undeliverable('No email address is set in this member’s notifications.')) },
      { clock: () => at, retries: { firstInMs: 30_000, start: async (id) => void started.push(id) } },
    );
    const again = { ...event, id: `test.email.${randomUUID()}` };
    for (const subscription of await unmendable.subscriptions(again)) await unmendable.deliver(again, subscription);
    const [latest] = await emailLog(owner);
    expect(latest).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
    expect(started).toHaveLength(1);
  });

  it('refused every time: each try is counted, and when the schedule runs out it is failed for good, with why', async () => {
    const owner = await cast.newMember();
    const address = await emailOn(owner);
    inbox.refuse(address, 100);
    await fileBlocking(owner, 'May the billing agent refund invoice 7?');

    await expect
      .poll(async () => (await emailLog(owner)).map((row) => [row.status, row.attempts, row.nextAttemptAt]), SLOW)
      .toEqual([['failed', 1 + DELAYS.length, null]]);
    const [row] = await emailLog(owner);
    expect(row!.detail).toMatch(/451/);
    expect(inbox.to(address)).toHaveLength(0);
  });

  it('a retry after the decision was answered sends nothing and says so', async () => {
    const owner = await cast.newMember();
    const address = await emailOn(owner);
    inbox.refuse(address, 100);
    const decisionId = await fileBlocking(owner, 'May the data agent drop table events_v1?');
    await expect.poll(async () => (await emailLog(owner))[0]?.status, SLOW).toBe('failed');
    await world(cast, owner).answer(decisionId, 1, { kind: 'approval', decision: 'approve' });
    inbox.refuse(address, 0);

    // The schedule's next try (or this one, whichever comes first) finds it answered.
    const transports = new Map([['email' as const, emailTransport({ pool: cast.pool, publicUrl: cast.url, mailer })]]);
    const [row] = await emailLog(owner);
    expect(await retryMemberDelivery({ pool: cast.pool, transports }, row!.id, null)).toBe('skipped');
    expect((await emailLog(owner)).map((one) => [one.status, one.detail, one.nextAttemptAt])).toEqual([
      ['skipped', 'no longer waiting when it was tried again', null],
    ]);
    expect(inbox.to(address)).toHaveLength(0);
  });
});
