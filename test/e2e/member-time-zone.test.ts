/**
 * Issue 39 item 10 — "Times carry no time zone … and there is no setting: each member has a time
 * zone, and times say it where it matters." In Chromium at 1440×900 and on a 390 px phone, with
 * the browser in one zone and the member's setting another: the first sign-in takes the
 * browser's zone, a stack's due date names its zone, Settings changes it and every due date
 * follows the member's zone, not the browser's. Each state is scanned by axe and photographed.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { peopleRoutes } from '../../domain/routes/people';
import { stackRoutes } from '../../domain/routes/stacks';
import { world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { screenshot, signIn, WIDTHS } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { Member, TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const SLOW = { timeout: 15_000 };
const SCENARIO = 180_000;
/** 16:00 UTC: 08:00 in Los Angeles (PST), 01:00 the next day in Tokyo. */
const DUE = '2026-12-04T16:00:00.000Z';

async function stackDueDec4(member: Member): Promise<string> {
  const me = world(cast, member);
  const { stack } = await me.send(stackRoutes.createStack, { body: { title: 'Launch checklist', dueAt: DUE } });
  const filed = await me.file({
    question: 'Ship the banner?',
    context: 'Copy is final and reviewed.',
    stack: stack.id,
    asks: [{ kind: 'decision', prompt: 'Ship the banner?', options: [{ label: 'Ship' }, { label: 'Hold' }] }],
  });
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  return stack.id;
}

const dueText = (page: Page) => page.getByTestId('stack-group').locator('.stack-meta time').textContent();
const profileZone = async (member: Member) => (await cast.send(member.token, peopleRoutes.getProfile)).member.timeZone;

describe('issue 39 item 10 — each member has a time zone, and due dates say it', () => {
  for (const { name, viewport } of WIDTHS) {
    it(
      `at ${name} px: the first sign-in takes the browser's zone; Settings changes it; due dates follow the member, not the browser`,
      async () => {
        const member = await cast.newMember();
        const stackId = await stackDueDec4(member);
        expect(await profileZone(member)).toBeNull();
        // The browser says Los Angeles: the member has no zone yet, so that becomes theirs.
        const context = await browser.newContext({ viewport, timezoneId: 'America/Los_Angeles' });
        try {
          const page = await signIn(await context.newPage(), cast.url, member.token);
          await expect.poll(() => profileZone(member), SLOW).toBe('America/Los_Angeles');
          await expect.poll(() => dueText(page), SLOW).toBe('Due Dec 4, 2026, 8:00 AM PST');
          await screenshot(page, `time-zone-queue-la-${name}`);

          // Settings: the member chooses Tokyo; the browser stays in Los Angeles.
          await page.goto(`${cast.url}/settings`);
          const section = page.getByTestId('time-zone');
          await section.waitFor(SLOW);
          expect(await section.getByTestId('time-zone-current').textContent()).toMatch(
            /^Times are shown in America\/Los_Angeles: it is .+ PST there now\.$/,
          );
          await section.getByLabel('Time zone').selectOption('Asia/Tokyo');
          await section.getByRole('button', { name: 'Save time zone' }).click();
          await expect.poll(() => section.getByRole('status').textContent(), SLOW).toBe('Times are now shown in Asia/Tokyo.');
          expect(await profileZone(member)).toBe('Asia/Tokyo');
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `time-zone-settings-${name}`);

          // Every due date is now in Tokyo, named: the queue's stack group, the stack page, its due field.
          await page.goto(`${cast.url}/decisions`);
          await expect.poll(() => dueText(page), SLOW).toBe('Due Dec 5, 2026, 1:00 AM GMT+9');
          expect(await axeViolations(page)).toEqual([]);
          await page.goto(`${cast.url}/decisions/stacks/${stackId}`);
          await expect.poll(() => page.getByTestId('stack-due').locator('time').textContent(), SLOW).toBe('Dec 5, 2026, 1:00 AM GMT+9');
          expect(await page.locator('#stack-due').inputValue()).toBe('2026-12-05T01:00');
          expect(await axeViolations(page)).toEqual([]);
          await screenshot(page, `time-zone-stack-tokyo-${name}`);
        } finally {
          await context.close();
        }
      },
      SCENARIO,
    );
  }

  it(
    "a due date typed on the stack page is the member's wall time, whatever the browser's zone",
    async () => {
      const member = await cast.newMember();
      await cast.send(member.token, peopleRoutes.changeProfile, { body: { timeZone: 'Asia/Tokyo' } });
      const stackId = await stackDueDec4(member);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'America/Los_Angeles' });
      try {
        const page = await signIn(await context.newPage(), cast.url, member.token);
        await page.goto(`${cast.url}/decisions/stacks/${stackId}`);
        await expect.poll(() => page.locator('#stack-due').inputValue(), SLOW).toBe('2026-12-05T01:00');
        expect(await page.getByText('In your time zone, Asia/Tokyo (Settings).').count()).toBe(1);
        await page.locator('#stack-due').fill('2026-12-24T09:30');
        await page.getByRole('button', { name: 'Save policy' }).click();
        const saved = async () => (await cast.send(member.token, stackRoutes.getStack, { params: { id: stackId } })).stack.dueAt;
        // 09:30 in Tokyo (UTC+9) is 00:30 UTC, not 09:30 in Los Angeles.
        await expect.poll(saved, SLOW).toBe('2026-12-24T00:30:00.000Z');
        // The browser never chose it: the member's own zone is kept.
        expect(await profileZone(member)).toBe('Asia/Tokyo');
      } finally {
        await context.close();
      }
    },
    SCENARIO,
  );
});
