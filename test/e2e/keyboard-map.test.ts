/**
 * The §6.17 bindings no other browser test pressed (issue 39 item 13): `w` focuses the reason
 * ("why") field, ↓ and ↑ move through the queue as j and k do, and the on-screen shortcuts
 * button opens the table of every binding (FR-64's help affordance). At 1440×900; the button
 * also on a 390 px screen. Each state is scanned by axe.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { screenshot, signedInPage, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { currentCardId, fileInOrder, focusedElement } from '../support/queue-page';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'Enough context for a person to answer without opening the session, which is the point.';
const SCENARIO = 240_000;
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The label of the field that has focus, by its id. */
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const doc = (
      globalThis as unknown as {
        document: { activeElement: { id: string } | null; querySelector(s: string): { textContent: string } | null };
      }
    ).document;
    const id = doc.activeElement?.id;
    return id ? (doc.querySelector(`label[for="${id}"]`)?.textContent ?? null) : null;
  });

describe('§6.17 keys no other test pressed', () => {
  it('§6.17 — w focuses the reason ("why") field of the first open ask; typed there, keys are text', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    const [id] = await fileInOrder(me, [{ question: 'Why this tier?', asks: [tierAsk()] }], context);
    const page = await signedInPage(browser, cast.url, me.member.token, `/decisions?id=${id}`, { viewport: WIDE });
    await page.getByRole('heading', { name: 'Why this tier?' }).waitFor(SLOW);
    await page.keyboard.press('w');
    await expect.poll(() => focusedElement(page), SLOW).toMatchObject({ tag: 'TEXTAREA', ask: '1', inDetail: true });
    expect(await focusedLabel(page)).toBe('Why? (optional)');
    // Inside the field, j and w are letters, not keys.
    await page.keyboard.type('jw');
    expect(await page.locator('[data-ask="1"]').getByLabel('Why? (optional)').inputValue()).toBe('jw');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('§6.17 — ↓ moves to the next decision and ↑ to the previous one, as j and k do', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    const [first, second, third] = await fileInOrder(
      me,
      [
        { question: 'First: the spend?', asks: [approvalAsk()] },
        { question: 'Second: the tier?', asks: [tierAsk()] },
        { question: 'Third: the email?', asks: [approvalAsk('Send the email')] },
      ],
      context,
    );
    const page = await signedInPage(browser, cast.url, me.member.token, '/decisions', { viewport: WIDE });
    await expect.poll(() => currentCardId(page), SLOW).toBe(first);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => currentCardId(page), SLOW).toBe(second);
    await page.getByRole('heading', { name: 'Second: the tier?' }).waitFor(SLOW);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => currentCardId(page), SLOW).toBe(third);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => currentCardId(page), SLOW).toBe(second);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => currentCardId(page), SLOW).toBe(first);
    // Moving answers nothing.
    for (const id of [first, second, third]) expect((await me.decision(id!)).status).toBe('open');
    expect(await axeViolations(page)).toEqual([]);
  });

  it(
    'FR-64, §6.17 — the shortcuts button opens the table of every binding, at 1440 and 390 px; Esc closes it onto the button',
    { timeout: SCENARIO },
    async () => {
      const me = world(cast, await cast.newMember());
      const [only] = await fileInOrder(me, [{ question: 'Anything to look at?', asks: [tierAsk()] }], context);
      for (const viewport of [WIDE, PHONE]) {
        const page = await signedInPage(browser, cast.url, me.member.token, '/decisions', { viewport });
        // The queue as a person sees it before reaching for the button: loaded, its decision current.
        await expect.poll(() => currentCardId(page), SLOW).toBe(only);
        const button = page.getByRole('button', { name: 'Keyboard shortcuts' });
        await button.click(SLOW);
        const sheet = page.getByRole('dialog', { name: 'Keyboard' });
        await sheet.waitFor(SLOW);
        const keys = await sheet.locator('tbody tr td:first-child').allTextContents();
        for (const key of ['j / ↓', 'k / ↑', 'w', 'y', 'n', 'u', 'e', ']', '[', '?', 'Esc']) expect(keys).toContain(key);
        expect(await sheet.getByText('Focus the reason ("why") field').count()).toBe(1);
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `shortcuts-sheet-${viewport.width}`);
        await page.keyboard.press('Escape');
        await sheet.waitFor({ state: 'detached', ...SLOW });
        await expect.poll(() => button.evaluate((element) => element === element.ownerDocument.activeElement), SLOW).toBe(true);
        await page.close();
      }
    },
  );
});
