/**
 * Typed text never runs as shortcuts (issue 38 item 6), in Chromium: archive by `e` is undone by
 * `u` and by the toast's Undo, and a second or held `e` sends nothing more; no key acts while
 * focus is in a field or a modifier is held. Every key on every ask kind:
 * keyboard-typed-filed.test.ts and keyboard-typed-host.test.ts.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { signedInPage, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { fileInOrder, focusedElement, toastText } from '../support/queue-page';
import type { TestCast } from '../support/test-cast';
import { requestsOf, SENTENCE, settle, TYPED_CONTEXT as context } from '../support/typed-keys';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

describe('typed text never runs as shortcuts (issue 38 item 6)', () => {
  it(
    'archive by e: u restores it, the toast’s Undo restores it, and a second or held e sends nothing more',
    { timeout: 600_000 },
    async () => {
      const me = world(cast, await cast.newMember());
      const [first, second] = await fileInOrder(
        me,
        [
          { question: 'Archive me by e?', asks: [tierAsk()] },
          { question: 'Not me?', asks: [tierAsk()] },
        ],
        context,
      );
      const page = await signedInPage(browser, cast.url, me.member.token);
      const { writes, seen } = requestsOf(page);
      await page.getByRole('heading', { name: 'Archive me by e?' }).waitFor(SLOW);
      const archives = () => writes.filter((request) => request.url().endsWith('/archive')).map((request) => request.url());

      // e, e: one archive, of the decision shown; the second e says so and sends nothing.
      await page.keyboard.press('e');
      await page.keyboard.press('e');
      await expect.poll(async () => (await me.decision(first!)).status, SLOW).toBe('archived');
      await settle(page, seen);
      expect(archives()).toHaveLength(1);
      expect(archives()[0]).toContain(`/decisions/${first}/`);
      expect((await me.decision(second!)).status).toBe('open');

      // u restores it (the pane still shows it).
      await page.keyboard.press('Escape');
      await page.getByRole('heading', { name: 'Archive me by e?' }).click();
      await page.keyboard.press('u');
      await expect.poll(async () => (await me.decision(first!)).status, SLOW).toBe('open');
      await expect.poll(() => toastText(page), SLOW).toBe('Restored to Open.');
      await page.locator('.detail footer [data-action="archive"]').waitFor(SLOW);

      // The toast's Undo restores it too, and focus goes back to it.
      await page.keyboard.press('e');
      await expect.poll(async () => (await me.decision(first!)).status, SLOW).toBe('archived');
      await expect.poll(() => toastText(page), SLOW).toBe('Archived. Nothing was answered; you can restore it from Archived.');
      await page.getByTestId('toast-action').click();
      await expect.poll(async () => (await me.decision(first!)).status, SLOW).toBe('open');
      await expect.poll(() => focusedElement(page), SLOW).toMatchObject({ id: 'detail-title' });

      // A held e repeats: one archive. (Once the pane shows it open again, as a person would see.)
      await page.locator('.detail footer [data-action="archive"]').waitFor(SLOW);
      const before = archives().length;
      await page.keyboard.down('e');
      await page.keyboard.down('e');
      await page.keyboard.down('e');
      await page.keyboard.up('e');
      await expect.poll(async () => (await me.decision(first!)).status, SLOW).toBe('archived');
      await settle(page, seen);
      expect(archives().length - before).toBe(1);
      expect((await me.decision(second!)).status).toBe('open');
    },
  );

  it('no key acts while focus is in a text field, a select, or with Ctrl/⌘/Alt held', { timeout: 600_000 }, async () => {
    const me = world(cast, await cast.newMember());
    const [id] = await fileInOrder(me, [{ question: 'Type into me?', asks: [approvalAsk()] }], context);
    const page = await signedInPage(browser, cast.url, me.member.token);
    const { writes, seen } = requestsOf(page);
    await page.getByRole('heading', { name: 'Type into me?' }).waitFor(SLOW);
    await page.getByLabel('Why? (optional)').focus();
    await page.keyboard.type(SENTENCE);
    await page.locator('#detail-title').focus();
    for (const chord of ['Control+e', 'Alt+y', 'Meta+u', 'Control+y']) await page.keyboard.press(chord);
    // The filters' search field and Kind menu are fields too.
    await page.getByLabel('Kind').first().focus();
    await page.keyboard.type('yes');
    await page.getByLabel('Search decisions').first().focus();
    await page.keyboard.type('yes, archive: e e e');
    await settle(page, seen);
    expect(writes.map((request) => request.url())).toEqual([]);
    expect((await me.decision(id!)).status).toBe('open');
  });
});
