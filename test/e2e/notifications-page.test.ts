/**
 * Issue 40 item 10 — "A notifications page …: channels, digest cadence and hour, quiet hours,
 * time zone, what counts as urgent; a test message for each channel; a delivery log per
 * channel." In Chromium at 1440×900 and on a 390 px phone: a person opens it from Settings,
 * changes their settings from the keyboard, sends a test on email (handed on by a real notifier
 * over the outbox) and on push (its transport refuses: the log says why), reads each channel's
 * log in their notifications' time zone, and sees that Slack is not set up on this server.
 * Push, email and Slack transports are their own items: recorders stand in for them here.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MemberChannel } from '../../domain/notifications/delivery';
import { notificationRoutes } from '../../domain/routes/notifications';
import { memberChannel, type MemberMessage } from '../../notifier/member-channel';
import { Notifier } from '../../notifier/notifier';
import { axeViolations } from '../support/axe';
import { screenshot, signIn, WIDTHS } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { Member, TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started), {
  // The worker's own notifier would hand the tests to the real push channel first: stand-ins here.
  cast: { notificationChannels: { push: true, email: true, slack: false }, notifier: false },
});

const SLOW = { timeout: 15_000 };
const SCENARIO = 180_000;
/** A notifier over the outbox with stand-in transports: email takes every message, push refuses each. */
function standInNotifier(): { notifier: Notifier; emailed: MemberMessage[]; stop(): Promise<void> } {
  const emailed: MemberMessage[] = [];
  // A refused message is tried again ten minutes on: the log says when (the schedule itself is another file's).
  const retries = { firstInMs: 10 * 60_000, start: async () => {} };
  const transport = (channel: MemberChannel, send: (message: MemberMessage) => Promise<void>) => ({
    ...memberChannel(cast.pool, { channel, kinds: ['notification.test'], send }, { retries }),
    // A cursor of its own, so it never meets another file's notifier.
    name: `e2e-${channel}-${randomUUID()}`,
  });
  const notifier = new Notifier({
    pool: cast.pool,
    channels: [
      transport('email', async (message) => void emailed.push(message)),
      transport('push', async () => {
        throw new Error('The push service said 410 Gone');
      }),
    ],
  });
  // No listener here: the test rings it, as the outbox's NOTIFY rings a worker's.
  const ring = setInterval(() => notifier.wake(), 250);
  return {
    notifier,
    emailed,
    async stop() {
      clearInterval(ring);
      await notifier.stop();
    },
  };
}

async function openNotifications(member: Member, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, timezoneId: 'America/Los_Angeles' });
  const page = await signIn(await context.newPage(), cast.url, member.token);
  await page.goto(`${cast.url}/settings`);
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor(SLOW);
  await page.getByTestId('notifications-link').click();
  await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor(SLOW);
  return page;
}

describe('issue 40 item 10 — a notifications page', () => {
  for (const { name, viewport } of WIDTHS) {
    it(
      `at ${name} px: change the settings, send a test per channel, read each channel's log`,
      async () => {
        const dana = await cast.newMember();
        const running = standInNotifier();
        const page = await openNotifications(dana, viewport);
        try {
          expect(new URL(page.url()).pathname).toBe('/settings/notifications');
          // The logs load after the page's settings: wait for the email log's first read.
          await page.getByTestId('log-email').getByText('Nothing sent yet.').waitFor(SLOW);
          expect(await page.getByTestId('channel-slack').getByTestId('slack-not-set-up').count()).toBe(1);
          expect(await page.getByTestId('log-slack').getByRole('button', { name: 'Send a test on Slack' }).isDisabled()).toBe(true);
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `notifications-defaults-${name}`);

          // Change the settings; the address field's Enter saves the whole form.
          await page.getByRole('checkbox', { name: 'Email me', exact: true }).check();
          await page.getByLabel('How often').selectOption('daily');
          await page.getByLabel('At', { exact: true }).selectOption('8');
          await page.getByRole('checkbox', { name: 'Keep quiet at night' }).check();
          await page.getByLabel('Until').fill('06:30');
          await page.getByLabel('Time zone', { exact: true }).selectOption('Asia/Tokyo');
          await page.getByRole('radio', { name: 'Every new decision' }).check();
          const address = page.getByLabel('Email address');
          await address.fill('dana@example.com');
          await address.press('Enter');
          await expect.poll(() => page.getByTestId('notifications-status').textContent(), SLOW).toBe('Your notifications are saved.');
          expect((await cast.send(dana.token, notificationRoutes.getNotifications)).settings).toEqual({
            push: { enabled: true, showTitles: false },
            email: { enabled: true, address: 'dana@example.com', immediate: true },
            slack: { enabled: false },
            digest: { cadence: 'daily', hour: 8 },
            quietHours: { start: '22:00', end: '06:30' },
            urgent: 'all',
            timeZone: 'Asia/Tokyo',
          });
          expect(await page.getByText('Times are in Asia/Tokyo.', { exact: false }).count()).toBe(1);
          expect(await axeViolations(page)).toEqual([]);

          // A test on email: the notifier hands it to email, for Dana; the log says sent.
          const email = page.getByTestId('log-email');
          await email.getByRole('button', { name: 'Send a test on Email' }).click();
          await expect.poll(() => page.getByTestId('test-result-email').textContent(), SLOW).toBe('The test was sent on Email.');
          expect(running.emailed.map((message) => [message.member.id, message.settings.email.address])).toEqual([
            [dana.memberId, 'dana@example.com'],
          ]);
          const sent = email.locator('.delivery-log li');
          await expect.poll(() => sent.count(), SLOW).toBe(1);
          // In the notifications' zone (Tokyo), not the browser's (Los Angeles).
          expect(await sent.first().textContent()).toMatch(/^Sent · Test message · 1 attempt · .+GMT\+9$/);

          // A test on push: its transport refuses, and the log says why and when it is tried again.
          const push = page.getByTestId('log-push');
          await push.getByRole('button', { name: 'Send a test on Push' }).click();
          await expect
            .poll(() => page.getByTestId('test-result-push').textContent(), SLOW)
            .toBe('The test could not be sent: The push service said 410 Gone');
          const failed = push.locator('.delivery-log li');
          await expect.poll(() => failed.count(), SLOW).toBe(1);
          expect(await failed.first().textContent()).toMatch(
            /^Failed · Test message · The push service said 410 Gone · 1 attempt · .+GMT\+9 · tried again at .+GMT\+9$/,
          );
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `notifications-tested-${name}`);

          // Email switched on without an address is refused in the page's words; nothing changes.
          await address.fill('');
          await page.getByRole('button', { name: 'Save notifications' }).click();
          await expect.poll(() => page.getByRole('alert').first().textContent(), SLOW).toBe('Give an email address to switch email on.');
          expect((await cast.send(dana.token, notificationRoutes.getNotifications)).settings.email.address).toBe('dana@example.com');
          expect(await axeViolations(page)).toEqual([]);
        } finally {
          await page.context().close();
          await running.stop();
        }
      },
      SCENARIO,
    );
  }
});
