/**
 * Issue 39 item 7, in Chromium at 1440×900 and on a 390 px phone. A multi-line field says that
 * Enter adds a line and Ctrl+Enter sends; Enter adds a line and `]` types a bracket there (the
 * queue's keys are plain text inside a field); Ctrl+Enter sends. Enter on an action ask or an
 * access ask is no longer silent: it goes to the ask's button and says that Enter again presses
 * it, and Enter again answers. Checked through the API; axe-scanned.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessAsk, world } from '../support/agent-world';
import { expectAccessible } from '../support/axe';
import { focused, screenshot, signedInPage, WIDTHS, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const SCENARIO = 300_000;
const context = 'The supplier needs the agreement signed and the analytics grant before the feed can start.';
const HINT = 'Enter adds a line; Ctrl+Enter sends.';

describe('§6.17 — issue 39 item 7: Enter, Ctrl+Enter and ] where a person types', () => {
  for (const { name, viewport } of WIDTHS) {
    it(
      `at ${name} px: a multi-line field says Ctrl+Enter sends and keeps ] as text; Enter on an action or access ask says what Enter again does`,
      async () => {
        const me = world(cast, await cast.newMember());
        const filed = await me.file({
          question: 'Start the supplier feed?',
          context,
          asks: [
            { kind: 'fact', prompt: 'What should the welcome note say?', multiline: true },
            { kind: 'action', prompt: 'Sign the supplier agreement.' },
            accessAsk(),
          ],
        });
        const id = filed.body.decision.id;
        const page = await signedInPage(browser, cast.url, me.member.token, `/decisions?id=${id}`, { viewport });
        const detail = page.locator('.detail');
        const fact = detail.getByLabel('What should the welcome note say?');
        await fact.waitFor(SLOW);

        // The hint sits under the field and is its description.
        const factAsk = detail.locator('[data-ask="1"]');
        expect(await factAsk.getByTestId('send-hint').textContent()).toBe(HINT);
        expect(await fact.getAttribute('aria-describedby')).toBe(await factAsk.getByTestId('send-hint').getAttribute('id'));
        // Every ask's multi-line fields say it once.
        expect(await detail.getByTestId('send-hint').allTextContents()).toEqual([HINT, HINT, HINT]);

        await fact.click();
        await page.keyboard.type('Welcome aboard.');
        await page.keyboard.press('Enter');
        await page.keyboard.type('See [the guide] ]');
        expect(await fact.inputValue()).toBe('Welcome aboard.\nSee [the guide] ]');
        // `]` did not move on: the same decision is on screen, nothing was sent.
        expect(await page.getByRole('heading', { name: 'Start the supplier feed?' }).count()).toBe(1);
        expect((await me.decision(id)).asks[0]?.answer).toBeNull();
        await screenshot(page, `send-hint-${name}`);
        await expectAccessible(page);

        await page.keyboard.press('Control+Enter');
        await expect
          .poll(async () => (await me.decision(id)).asks[0]?.answer?.value, SLOW)
          .toEqual({
            kind: 'fact',
            text: 'Welcome aboard.\nSee [the guide] ]',
          });

        // The action ask: Enter on it goes to Mark done and says so; Enter again marks it done.
        await detail.locator('[data-testid="answered-ask"][data-ask="1"]').waitFor(SLOW);
        await page.keyboard.press('2');
        await expect.poll(async () => (await focused(page)).text, SLOW).toMatch(/^Sign the supplier agreement\./);
        await page.keyboard.press('Enter');
        const actionAsk = detail.locator('[data-ask="2"]');
        await expect.poll(() => actionAsk.getByTestId('enter-hint').textContent(), SLOW).toBe('Enter again marks it done.');
        expect((await focused(page)).text).toBe('Mark done');
        expect((await me.decision(id)).asks[1]?.answer).toBeNull();
        await screenshot(page, `enter-on-action-${name}`);
        await page.keyboard.press('Enter');
        await expect.poll(async () => (await me.decision(id)).asks[1]?.answer?.value, SLOW).toEqual({ kind: 'action', done: true });

        // The access ask: the same, with "I have granted it".
        await detail.locator('[data-testid="answered-ask"][data-ask="2"]').waitFor(SLOW);
        await page.keyboard.press('3');
        await page.keyboard.press('Enter');
        const accessItem = detail.locator('[data-ask="3"]');
        await expect.poll(() => accessItem.getByTestId('enter-hint').textContent(), SLOW).toBe('Enter again says it is granted.');
        expect((await focused(page)).text).toBe('I have granted it');
        expect((await me.decision(id)).asks[2]?.answer).toBeNull();
        await page.keyboard.press('Enter');
        await expect.poll(async () => (await me.decision(id)).status, SLOW).toBe('resolved');
        await page.close();
      },
      SCENARIO,
    );
  }
});
