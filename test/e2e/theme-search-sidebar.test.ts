/**
 * What people expect and did not find (issue 39 item 10), in Debian's Chromium at 1440 × 900
 * and on a 390 × 844 touch phone: a dark theme when the system asks for one
 * (`prefers-color-scheme: dark`), AA contrast checked by axe in it; a search that follows the
 * typing — no Enter — says in a polite live region how many match, and reads far fewer times
 * than keys were pressed; Agents and Analytics in the sidebar, and Inbox with the count of
 * messages still waiting for a reply.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { approvalRoutes } from '../../domain/routes/approvals';
import { escalationRoutes } from '../../domain/routes/escalations';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { expectAccessible } from '../support/axe';
import { screenshot, signIn, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

type Me = ReturnType<typeof world>;

/** The machine is shared: waits are generous. */
const SCENARIO = 240_000;
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESK: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
const WIDTHS = [
  ['a phone', PHONE],
  ['the desk', DESK],
] as const;
const context = 'Enough context for a person to answer without opening the session, which is the point.';

/** A page of its own context, signed in at `path`; `done` closes the context. */
async function opened(me: Me, options: BrowserContextOptions, path = '/decisions'): Promise<{ page: Page; done: () => Promise<void> }> {
  const contextOf = await browser.newContext(options);
  const page = await contextOf.newPage();
  await signIn(page, cast.url, me.member.token, path, path.startsWith('/decisions') ? 'queue' : 'signed-in');
  return { page, done: () => contextOf.close() };
}

/** The page's background and text colours, as drawn. */
const colours = (page: Page) =>
  page.evaluate(() => {
    const w = globalThis as unknown as {
      document: { documentElement: unknown };
      getComputedStyle(element: unknown): { backgroundColor: string; color: string; colorScheme: string };
    };
    const style = w.getComputedStyle(w.document.documentElement);
    return { background: style.backgroundColor, text: style.color };
  });

/** Relative luminance of an `rgb(r, g, b)` colour: 0 is black, 1 white. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
    const value = Number(part) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('what people expect (issue 39 item 10)', () => {
  for (const [where, options] of WIDTHS) {
    it(
      `on ${where}: prefers-color-scheme: dark draws the queue, a decision and Settings dark, every pair AA`,
      async () => {
        const me = world(cast, await cast.newMember());
        await me.file({ question: 'Spend $240 on the data feed?', context, asks: [approvalAsk()], confidence: 0.9 });
        await me.file({ question: 'Which feed tier?', context, asks: [tierAsk()], confidence: 0.1 });
        await me.send(approvalRoutes.proposeApproval, {
          body: { actionType: 'send_message', summary: 'Send the launch email', risks: ['external_reach'] },
        });

        // Light unless asked: the same page in a light context is drawn light.
        const light = await opened(me, { ...options, colorScheme: 'light' });
        try {
          expect(luminance((await colours(light.page)).background)).toBeGreaterThan(0.9);
        } finally {
          await light.done();
        }

        const { page, done } = await opened(me, { ...options, colorScheme: 'dark' });
        try {
          await page.getByTestId('card').first().waitFor(SLOW);
          const drawn = await colours(page);
          expect(luminance(drawn.background), drawn.background).toBeLessThan(0.05);
          expect(luminance(drawn.text), drawn.text).toBeGreaterThan(0.7);
          await expectAccessible(page);
          await page.getByTestId('card').first().locator('[data-card]').click();
          await page.locator('.detail').getByRole('button', { name: 'Approve', exact: true }).waitFor(SLOW);
          await screenshot(page, `dark-decision-${options.viewport!.width}`);
          await expectAccessible(page);
          for (const path of ['/settings', '/inbox', '/home']) {
            await page.goto(`${cast.url}${path}`);
            await page.getByRole('heading', { level: 1 }).waitFor(SLOW);
            await page.locator('main[aria-busy]').waitFor({ state: 'detached', ...SLOW });
            await expectAccessible(page);
          }
          await screenshot(page, `dark-home-${options.viewport!.width}`);
        } finally {
          await done();
        }
      },
      SCENARIO,
    );

    it(
      `on ${where}: FR-5 — the search follows the typing, without Enter, and a live region says how many match`,
      async () => {
        const me = world(cast, await cast.newMember());
        for (const question of ['Refresh the pricing page?', 'Pricing for the EU storefront?', 'Rotate the staging key?']) {
          await me.file({ question, context, asks: [tierAsk()] });
        }
        const { page, done } = await opened(me, options);
        try {
          const reads: string[] = [];
          page.on('request', (request) => {
            const url = new URL(request.url());
            if (url.pathname === '/api/v1/decisions' && url.searchParams.has('q')) reads.push(url.searchParams.get('q')!);
          });
          const cards = page.getByTestId('card');
          await expect.poll(() => cards.count(), SLOW).toBe(3);
          const search = page.getByRole('searchbox', { name: 'Search decisions' });
          await search.click();
          const typed = 'pricing page';
          await page.keyboard.type(typed);
          // No Enter: the list follows a pause in the typing.
          await expect.poll(() => cards.allTextContents(), SLOW).toEqual([expect.stringContaining('Refresh the pricing page?')]);
          const said = page.getByTestId('search-count');
          await expect.poll(() => said.textContent(), SLOW).toBe('1 decision matches “pricing page”.');
          expect(await said.getAttribute('aria-live')).toBe('polite');
          expect(new URL(page.url()).searchParams.get('q')).toBe(typed);
          // One read per pause, not per key.
          expect(reads.length).toBeGreaterThan(0);
          expect(reads.length).toBeLessThan(typed.length);
          expect(reads.at(-1)).toBe(typed);

          // Words taken away widen it again, also without Enter.
          for (let n = 0; n < ' page'.length; n += 1) await page.keyboard.press('Backspace');
          await expect.poll(() => cards.count(), SLOW).toBe(2);
          await expect.poll(() => said.textContent(), SLOW).toBe('2 decisions match “pricing”.');
          await screenshot(page, `search-as-you-type-${options.viewport!.width}`);
          await expectAccessible(page);
          await search.fill('');
          await expect.poll(() => cards.count(), SLOW).toBe(3);
          expect(await said.textContent()).toBe('');
        } finally {
          await done();
        }
      },
      SCENARIO,
    );

    it(
      `on ${where}: §6.16 — the sidebar has Agents and Analytics, and Inbox counts the messages still waiting for a reply`,
      async () => {
        const me = world(cast, await cast.newMember());
        await me.send(approvalRoutes.proposeApproval, {
          body: { actionType: 'send_message', summary: 'Send the launch email', risks: ['external_reach'] },
        });
        await me.send(escalationRoutes.raiseEscalation, {
          body: { reasonCode: 'ambiguous_instructions', summary: 'Two lists.', mustDecide: 'Which supplier list is authoritative?' },
        });
        const { page, done } = await opened(me, options);
        try {
          const inbox = sidebar(page).getByRole('link', { name: /^Inbox/ });
          await expect.poll(() => inbox.textContent(), SLOW).toBe('Inbox 2 waiting');
          await screenshot(page, `sidebar-${options.viewport!.width}`);

          for (const [name, heading, path] of [
            ['Agents', 'Agents', '/agents'],
            ['Analytics', 'Analytics', '/analytics'],
          ] as const) {
            const link = sidebar(page).getByRole('link', { name, exact: true });
            expect(await link.getAttribute('href')).toBe(path);
            await link.click();
            await page.getByRole('heading', { level: 1, name: heading }).waitFor(SLOW);
            expect(await link.getAttribute('aria-current')).toBe('page');
            await expectAccessible(page);
          }

          // A reply in the Inbox settles one: the count follows.
          await inbox.click();
          await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor(SLOW);
          const message = page.getByTestId('message').filter({ hasText: 'Send the launch email' });
          await message.getByRole('textbox', { name: 'Reply' }).fill('yes');
          await message.getByRole('button', { name: 'Send reply' }).click();
          await expect.poll(() => inbox.textContent(), SLOW).toBe('Inbox 1 waiting');
          await expectAccessible(page);
        } finally {
          await done();
        }
      },
      SCENARIO,
    );
  }
});
