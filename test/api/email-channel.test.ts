/**
 * Issue 40 item 3: email, through a real SMTP server on loopback (test/support/smtp-inbox.ts)
 * and read back as a mail client would. A new blocking decision reaches the member at once with
 * its question, the agent's summary, its staleness, a link to open it and an answer button per
 * option — each an answer-in-place link that a scanner's GET cannot answer, that answers once,
 * and that a decision changed since refuses. Quiet hours hold the message, and the digest at the
 * member's local hour in their zone carries it, oldest blocking first. Every message carries
 * RFC 8058's one-click unsubscribe, which turns email off and stays off.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkKey } from '../../answer-links/link-key';
import { mintUnsubscribeLink, signUnsubscribe } from '../../answer-links/unsubscribe-link';
import { listDeliveries } from '../../db/notification-deliveries';
import { getNotificationSettings, putNotificationSettings } from '../../db/notification-settings';
import { localDateHour } from '../../domain/notifications/digest-period';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '../../domain/notifications/notification-settings';
import { localMinutes } from '../../domain/notifications/quiet-hours';
import { sendDueDigests } from '../../notifier/email-digests';
import { smtpMailer, type Mailer } from '../../notifier/smtp-mailer';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { answerLinkFor, answerLinks, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox';
import { startEmailCast } from '../support/email-cast';
import { changedTables, rowDigest } from '../support/row-checksum';
import type { Member, TestCast } from '../support/test-cast';

let inbox: SmtpInbox;
let cast: TestCast;
let mailer: Mailer;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  cast = await startEmailCast(inbox);
  mailer = smtpMailer(inbox.settings(cast.url));
}, 120_000);
afterAll(async () => {
  mailer?.close();
  await cast?.stop();
  await inbox?.stop();
});

const SLOW = { timeout: 30_000, interval: 100 };

async function emailOn(member: Member, change: Partial<NotificationSettings> = {}): Promise<string> {
  const address = `m-${randomUUID().slice(0, 8)}@example.test`;
  await putNotificationSettings(cast.pool, member.workspaceId, member.memberId, {
    ...DEFAULT_NOTIFICATION_SETTINGS,
    email: { enabled: true, address, immediate: true },
    ...change,
  });
  return address;
}

const form = (body: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(body).toString(),
});

const hhmm = (minutes: number) => {
  const wrapped = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
};

/** The first moment after `from`, on the hour plus five minutes, whose local hour in `zone` is `hour`. */
function nextLocalHour(from: Date, zone: string, hour: number): Date {
  const at = new Date(Math.ceil(from.getTime() / 3_600_000) * 3_600_000 + 5 * 60_000);
  while (localDateHour(at, zone).hour !== hour) at.setTime(at.getTime() + 3_600_000);
  return at;
}

describe('issue 40 item 3: email', () => {
  it('a new blocking decision is emailed at once: question, summary, staleness, open link, answer links, one-click unsubscribe', async () => {
    const owner = await cast.newMember();
    const address = await emailOn(owner);
    const me = world(cast, owner);
    const filed = await me.file({
      question: 'Which data feed tier do we buy for the backtest?',
      context: 'The research agent needs prices for the backtest; the budget holds either tier.',
      asks: [tierAsk(), approvalAsk()],
    });
    const decision = filed.body.decision;
    const [mail] = await inbox.waitFor(address);
    const { parsed } = mail!;
    expect(parsed.subject).toBe('Waiting on you: Which data feed tier do we buy for the backtest?');
    expect(parsed.from?.value).toEqual([{ name: 'Cast', address: 'cast@example.test' }]);
    const text = parsed.text ?? '';
    expect(text).toContain('A blocking decision waits for you');
    expect(text).toContain('The research agent needs prices for the backtest; the budget holds either tier.');
    expect(text).toContain(`${decision.id}, asked just now.`);
    expect(text).toContain(`Open the decision: ${cast.url}/decisions/${decision.id}`);
    // One link per option of the choice, and approve and reject: each bound to this member and revision.
    const links = answerLinks(mail!);
    expect(links).toHaveLength(4);
    for (const link of links) expect(link.startsWith(`${cast.url}/a/`)).toBe(true);
    expect(parsed.html).toContain('Approve');
    expect(parsed.html).toContain(`${cast.url}/decisions/${decision.id}`);
    // RFC 8058, and a visible link too.
    const header = parsed.headerLines.find((line) => line.key === 'list-unsubscribe')?.line.replace(/\r?\n\s+/g, '') ?? '';
    const unsubscribe = /^List-Unsubscribe:\s*<([^>]+)>$/i.exec(header)?.[1] ?? '';
    expect(unsubscribe, header).toMatch(new RegExp(`^${cast.url}/u/`));
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(text).toMatch(new RegExp(`Turn email off: ${cast.url}/u/\\S+`));

    await expect
      .poll(
        async () => (await listDeliveries(cast.pool, owner.workspaceId, owner.memberId, { channel: 'email' })).map((row) => row.status),
        SLOW,
      )
      .toEqual(['sent']);

    // A scanner's GET of every link answers nothing.
    for (const link of links) expect((await fetch(link)).status).toBe(200);
    expect((await me.decision(decision.id)).asks.every((ask) => ask.answer === null)).toBe(true);

    // A link to a decision changed since (its approval answered elsewhere) is refused and says so.
    await me.answer(decision.id, 2, { kind: 'approval', decision: 'approve' });
    const pro = answerLinkFor(mail!, 'Pro');
    const changed = await fetch(pro, form());
    expect(changed.status).toBe(409);
    expect(await changed.text()).toContain('This decision changed since this link was sent');
    expect((await me.decision(decision.id)).asks[0]!.answer).toBeNull();

    // The mail client's one-click unsubscribe, to the header's URL, turns this member's email off.
    const oneClick = await fetch(unsubscribe, form({ 'List-Unsubscribe': 'One-Click' }));
    expect(oneClick.status).toBe(200);
    expect((await getNotificationSettings(cast.pool, owner.workspaceId, owner.memberId)).email.enabled).toBe(false);
  });

  it('an answer link from the email answers once on its press; replayed, it is refused', async () => {
    const owner = await cast.newMember();
    const address = await emailOn(owner);
    const me = world(cast, owner);
    const decision = (await me.file({ question: 'Which tier, once?', asks: [tierAsk()] })).body.decision;
    const [mail] = await inbox.waitFor(address);
    const pro = answerLinkFor(mail!, 'Pro');
    const pressed = await fetch(pro, form());
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain('You answered “Pro”.');
    const answered = await me.decision(decision.id);
    expect(answered.asks[0]!.answer).toMatchObject({ answeredBy: owner.memberId, provenance: { channel: 'email' } });
    const replayed = await fetch(pro, form());
    expect(replayed.status).toBe(410);
    expect(await replayed.text()).toContain('This link was already used');
  });

  it('quiet hours hold the message; the daily digest at the member’s local hour in their zone carries it, oldest blocking first', async () => {
    const zone = 'Asia/Tokyo';
    const owner = await cast.newMember();
    const now = localMinutes(new Date(), zone);
    const address = await emailOn(owner, {
      timeZone: zone,
      quietHours: { start: hhmm(now - 90), end: hhmm(now + 90) },
      digest: { cadence: 'daily', hour: 9 },
    });
    const me = world(cast, owner);
    const advisory = (
      await me.file({ question: 'Advisory: which colour for the chart?', mode: 'advisory', defaultOption: 1, asks: [tierAsk()] })
    ).body.decision;
    const first = (await me.file({ question: 'Blocking first: which tier?', context: 'Prices for the backtest.', asks: [tierAsk()] })).body
      .decision;
    const second = (await me.file({ question: 'Blocking second: which region?', asks: [tierAsk()] })).body.decision;

    const held = () => listDeliveries(cast.pool, owner.workspaceId, owner.memberId, { channel: 'email' });
    await expect
      .poll(async () => (await held()).map((row) => `${row.decisionId} ${row.status} ${row.detail}`).sort(), SLOW)
      .toEqual([`${advisory.id} held not_urgent`, `${first.id} held quiet_hours`, `${second.id} held quiet_hours`].sort());
    expect(inbox.to(address)).toEqual([]);

    const nine = nextLocalHour(new Date(), zone, 9);
    const deps = { pool: cast.pool, publicUrl: cast.url, mailer };
    // An hour early, nothing for this member; at nine local, once, however often the tick runs.
    await sendDueDigests(deps, new Date(nine.getTime() - 3_600_000));
    expect(inbox.to(address)).toEqual([]);
    await sendDueDigests(deps, nine);
    await sendDueDigests(deps, new Date(nine.getTime() + 20 * 60_000));
    const [digest] = await inbox.waitFor(address);
    expect(inbox.to(address)).toHaveLength(1);
    expect(digest!.parsed.subject).toBe('Cast daily digest: 3 decisions wait, 2 block agents');
    const text = digest!.parsed.text ?? '';
    const order = [first, second, advisory].map((one) => text.indexOf(one.question));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain('Prices for the backtest.');
    expect(text).toMatch(new RegExp(`${first.id}, asked \\S+ ago, 0 messages since`));
    expect(text).toContain(`${cast.url}/decisions/${second.id}`);
    expect(digest!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    const log = await held();
    expect(log.find((row) => row.kind === 'digest')).toMatchObject({ status: 'sent', eventId: null });
    expect(log.filter((row) => row.kind === 'decision.opened').map((row) => `${row.status} ${row.detail}`)).toEqual(
      Array(3).fill('sent included in the daily digest'),
    );
  });

  it('one-click unsubscribe: GET changes nothing, POST turns email off, again is still off; a bad token is 404', async () => {
    const owner = await cast.newMember();
    await emailOn(owner);
    const url = await mintUnsubscribeLink(
      { pool: cast.pool, publicUrl: cast.url },
      { workspaceId: owner.workspaceId, memberId: owner.memberId, channel: 'email' },
    );
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Turn email off');
    expect((await getNotificationSettings(cast.pool, owner.workspaceId, owner.memberId)).email.enabled).toBe(true);

    // A tampered token, while email is on: refused, and nothing changes.
    const tampered = `${url.slice(0, -2)}xx`;
    const before = await rowDigest(cast.pool, owner.workspaceId);
    const refused = await fetch(tampered, { ...form(), headers: { ...form().headers, accept: 'application/json' } });
    expect(refused.status).toBe(404);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(await refused.json()).toMatchObject({ code: 'unsubscribe_link_invalid' });
    const refusedPage = await fetch(tampered);
    expect(refusedPage.status).toBe(404);
    expect(await refusedPage.text()).toContain('This unsubscribe link is not valid');
    // Signed by Cast, but naming this member in another workspace: not found either.
    const other = await cast.newMember();
    const otherBefore = await rowDigest(cast.pool, other.workspaceId);
    const crossed = signUnsubscribe(await linkKey({ pool: cast.pool }), {
      workspaceId: other.workspaceId,
      memberId: owner.memberId,
      channel: 'email',
    });
    expect((await fetch(`${cast.url}/u/${crossed}`, form())).status).toBe(404);
    expect(changedTables(before, await rowDigest(cast.pool, owner.workspaceId))).toEqual([]);
    expect(changedTables(otherBefore, await rowDigest(cast.pool, other.workspaceId))).toEqual([]);

    for (let press = 0; press < 2; press += 1) {
      const done = await fetch(url, form({ 'List-Unsubscribe': 'One-Click' }));
      expect(done.status).toBe(200);
      expect(await done.text()).toContain('Cast sends you no more email.');
      const settings = await getNotificationSettings(cast.pool, owner.workspaceId, owner.memberId);
      expect(settings.email).toMatchObject({ enabled: false, immediate: true });
      expect(settings.email.address).not.toBeNull();
    }

    expect((await getNotificationSettings(cast.pool, owner.workspaceId, owner.memberId)).email.enabled).toBe(false);
  });
});
