/**
 * Issue 40 item 8 — "the person is told what will happen and when ('answers itself 'Monthly' at
 * 17:00 unless you answer')". In Chromium at 1440×900 and on a 390 px phone, a stack member with
 * an auto-default says on its queue card and on its page which option it answers itself with
 * and at what time, in the member's time zone (Tokyo) and not the browser's (Los Angeles).
 * The workspace's reminder times are set on the Settings page. Each state is scanned by axe and photographed.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { peopleRoutes } from '../../domain/routes/people';
import { reminderSettingsRoutes } from '../../domain/routes/reminder-settings';
import { stackRoutes } from '../../domain/routes/stacks';
import { world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { screenshot, signIn, WIDTHS } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const SLOW = { timeout: 15_000 };
const SCENARIO = 180_000;
const QUESTION = 'Bill the new customers monthly or yearly?';

/**
 * The deadline as a reader in Tokyo reads it (the browser's locale is en-US): its clock time,
 * after its day ("Dec 6, 12:19 AM") when that is not today in Tokyo — three hours on, it is not
 * from 12:00 to 15:00 UTC.
 */
function inTokyo(at: string): string {
  const tokyo = (options: Intl.DateTimeFormatOptions, when: Date) =>
    new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'Asia/Tokyo' }).format(when);
  const time = tokyo({ hour: '2-digit', minute: '2-digit' }, new Date(at));
  const day = (when: Date) => tokyo({ day: 'numeric', month: 'short' }, when);
  return day(new Date(at)) === day(new Date()) ? time : `${day(new Date(at))}, ${time}`;
}

describe('issue 40 item 8 — a decision that answers itself says so, and when', () => {
  for (const { name, viewport } of WIDTHS) {
    it(
      `at ${name} px: the queue card and the decision page say "Answers itself “Monthly” at … unless you answer", in the member's zone`,
      async () => {
        const member = await cast.newMember();
        const me = world(cast, member);
        await cast.send(member.token, peopleRoutes.changeProfile, { body: { timeZone: 'Asia/Tokyo' } });
        const { stack } = await me.send(stackRoutes.createStack, { body: { title: 'Billing', autoDefaultSeconds: 3 * 3600 } });
        const filed = await me.file({
          question: QUESTION,
          context: 'Both plans are priced; finance has no preference.',
          mode: 'advisory',
          defaultOption: 1,
          stack: stack.id,
          asks: [{ kind: 'decision', prompt: 'Billing period', options: [{ label: 'Monthly' }, { label: 'Yearly' }] }],
        });
        expect(filed.status, JSON.stringify(filed.body)).toBe(201);
        const id = filed.body.decision.id;
        const deadline = async () => (await me.decision(id)).stack?.deadline ?? null;
        await expect.poll(deadline, SLOW).not.toBeNull();
        const sentence = new RegExp(`^Answers itself “Monthly” at ${inTokyo((await deadline())!)} unless you answer\\.$`);

        const context = await browser.newContext({ viewport, timezoneId: 'America/Los_Angeles' });
        try {
          const page = await signIn(await context.newPage(), cast.url, member.token);
          const card = page.getByTestId('card').filter({ hasText: QUESTION });
          await card.waitFor(SLOW);
          await expect.poll(() => card.getByTestId('self-answer').textContent(), SLOW).toMatch(sentence);
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `answers-itself-card-${name}`);

          await page.goto(`${cast.url}/decisions/${id}`);
          const line = page.getByTestId('advisory').getByTestId('self-answer');
          await expect.poll(() => line.textContent(), SLOW).toMatch(sentence);
          expect(await line.locator('time').getAttribute('datetime')).toBe(await deadline());
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `answers-itself-page-${name}`);

          // Settings: the times are the workspace's; a backup reminder before the first is refused in words.
          await page.goto(`${cast.url}/settings`);
          const section = page.getByTestId('reminders');
          await section.waitFor(SLOW);
          expect(await section.getByLabel('Remind after (minutes)').inputValue()).toBe('60');
          await section.getByLabel('Remind the backup after (minutes)').fill('30');
          await section.getByRole('button', { name: 'Save reminders' }).click();
          await expect
            .poll(() => section.getByRole('alert').textContent(), SLOW)
            .toBe("The backup's reminder must come later than the first reminder. Nothing was changed.");
          await section.getByLabel('Remind the backup after (minutes)').fill('300');
          await section.getByRole('button', { name: 'Save reminders' }).click();
          await expect.poll(() => section.getByRole('status').textContent(), SLOW).toBe('Reminders saved.');
          expect((await me.send(reminderSettingsRoutes.getReminderSettings)).settings.backupAfterSeconds).toBe(18_000);
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `reminder-settings-${name}`);
        } finally {
          await context.close();
        }
      },
      SCENARIO,
    );
  }
});
