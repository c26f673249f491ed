/**
 * Issue 40 item 3 in the real browser: the member opens the answer button of the email Cast
 * sent them — read back from a real SMTP server on loopback — sees the confirmation page (the
 * opening answered nothing), presses, and is told it is answered; the same link again is
 * refused, and so is a link from an email whose decision changed since. Then the message's
 * unsubscribe link: a page with one button, which turns email off. At the desktop width and at
 * a phone's, each page clean under axe.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNotificationSettings, putNotificationSettings } from '../../db/notification-settings';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../domain/notifications/notification-settings';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { launchBrowser, screenshot, SLOW, WIDTHS } from '../support/browser';
import { answerLinkFor, startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../support/smtp-inbox';
import { startEmailCast } from '../support/email-cast';
import type { Member, TestCast } from '../support/test-cast';

let inbox: SmtpInbox;
let cast: TestCast;
let browser: Browser;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  [cast, browser] = await Promise.all([startEmailCast(inbox), launchBrowser()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await cast?.stop();
  await inbox?.stop();
});

const SCENARIO = 240_000;
async function expectClean(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

async function emailOn(member: Member): Promise<string> {
  const address = `m-${randomUUID().slice(0, 8)}@example.test`;
  await putNotificationSettings(cast.pool, member.workspaceId, member.memberId, {
    ...DEFAULT_NOTIFICATION_SETTINGS,
    email: { enabled: true, address, immediate: true },
  });
  return address;
}

function unsubscribeLink(mail: ReceivedMail): string {
  const line = (mail.parsed.text ?? '').split('\n').find((one) => one.startsWith('Turn email off: '));
  if (!line) throw new Error(`no unsubscribe link in:\n${mail.parsed.text}`);
  return line.slice('Turn email off: '.length).trim();
}

describe('issue 40 item 3: an email’s links in the browser', () => {
  for (const { name: label, viewport } of WIDTHS) {
    it(
      `issue 40 item 3 (${label} px): the email's answer button opens a confirmation page, answers on press, refuses a replay and a changed decision; its unsubscribe link turns email off`,
      async () => {
        const owner = await cast.newMember();
        const address = await emailOn(owner);
        const me = world(cast, owner);
        const decision = (
          await me.file({
            question: 'Which data feed tier do we buy for the backtest?',
            context: 'The budget holds either tier.',
            asks: [tierAsk()],
          })
        ).body.decision;
        const changing = (await me.file({ question: 'Which region do we run the backtest in?', asks: [tierAsk(), approvalAsk()] })).body
          .decision;
        const mails = await inbox.waitFor(address, 2);
        const mailFor = (question: string) => mails.find((mail) => mail.parsed.subject?.endsWith(question))!;
        const first = mailFor(decision.question);
        const pro = answerLinkFor(first, 'Pro');

        const context = await browser.newContext({ viewport });
        try {
          const page = await context.newPage();
          await page.goto(pro);
          await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW).toBe(`Answer ${decision.id}?`);
          expect(await page.getByTestId('link-question').textContent()).toBe(decision.question);
          expect(await page.getByTestId('link-answer').textContent()).toBe('Pro');
          await expectClean(page);
          await screenshot(page, `email-link-confirm-${label}`);
          // Opening it answered nothing.
          expect((await me.decision(decision.id)).asks[0]!.answer).toBeNull();

          await page.getByRole('button', { name: 'Answer “Pro”' }).click();
          await expect.poll(() => page.getByTestId('link-answered').textContent(), SLOW).toBe('You answered “Pro”. The agent is told.');
          expect((await me.decision(decision.id)).asks[0]!.answer).toMatchObject({
            answeredBy: owner.memberId,
            provenance: { channel: 'email' },
          });

          await page.goto(pro);
          await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW).toBe('This link was already used');
          await expectClean(page);

          // The second email's decision changed (its approval answered in the queue) since it was sent.
          await me.answer(changing.id, 2, { kind: 'approval', decision: 'approve' });
          await page.goto(answerLinkFor(mailFor(changing.question), 'Basic'));
          await expect
            .poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW)
            .toBe('This decision changed since this link was sent');
          expect(await page.getByRole('link', { name: 'Open the decision' }).getAttribute('href')).toBe(`/decisions/${changing.id}`);
          expect((await me.decision(changing.id)).asks[0]!.answer).toBeNull();
          await expectClean(page);
          await screenshot(page, `email-link-changed-${label}`);

          // The unsubscribe link: a page with one button (opening it changes nothing), then email is off.
          await page.goto(unsubscribeLink(first));
          await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW).toBe('Turn off email from Cast?');
          expect((await getNotificationSettings(cast.pool, owner.workspaceId, owner.memberId)).email.enabled).toBe(true);
          await expectClean(page);
          await screenshot(page, `email-unsubscribe-confirm-${label}`);
          await page.getByRole('button', { name: 'Turn email off' }).click();
          await expect.poll(() => page.getByTestId('unsubscribed').textContent(), SLOW).toContain('Cast sends you no more email.');
          expect((await getNotificationSettings(cast.pool, owner.workspaceId, owner.memberId)).email.enabled).toBe(false);
          await expectClean(page);
          await screenshot(page, `email-unsubscribed-${label}`);
        } finally {
          await context.close();
        }
      },
      SCENARIO,
    );
  }
});
