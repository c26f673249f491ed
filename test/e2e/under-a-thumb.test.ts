/**
 * The queue under a thumb (issue 39 item 9), in Debian's Chromium with a touch phone's context
 * (390 × 844, `hasTouch`, `isMobile`: the primary pointer is coarse and cannot hover) and at the
 * desk (1440 × 900, a mouse): a toast never covers the next decision's Approve and Reject, and
 * its words let a tap through; the keyboard's `?` sheet and "From the keyboard, only y and n…"
 * are not offered to a finger; one-tap Archive is a clear gap away from Previous and Next; a
 * card's "Open the page" is a target of at least 24 × 24 px, clear of its card; the options of
 * an ask use the pane's width. Each state is scanned by axe, target size included.
 */
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sessionRoutes } from '../../domain/routes/sessions';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { axeViolations, expectAccessible } from '../support/axe';
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
  ['a touch phone', PHONE],
  ['the desk', DESK],
] as const;
const context = 'Enough context for a person to answer without opening the session, which is the point.';
/** A context long enough that the ask's buttons start below the first screen. */
const longContext = Array.from({ length: 40 }, (_, n) => `Line ${n + 1} of what the agent found before it stopped.`).join('\n');

type Box = { top: number; bottom: number; left: number; right: number; width: number; height: number };

/** The element's box in the window, as the browser laid it out. */
const box = (locator: Locator): Promise<Box> =>
  locator.evaluate((element) => {
    const r = (element as unknown as { getBoundingClientRect(): Box }).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
  });
const intersects = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
/** The space between two boxes: 0 when they touch or overlap, else the shortest way across. */
const gap = (a: Box, b: Box) =>
  Math.hypot(Math.max(0, b.left - a.right, a.left - b.right), Math.max(0, b.top - a.bottom, a.top - b.bottom));

/** A page of its own context (touch or not), signed in at `path`; `done` closes the context. */
async function opened(me: Me, options: BrowserContextOptions, path = '/decisions'): Promise<{ page: Page; done: () => Promise<void> }> {
  const contextOf = await browser.newContext(options);
  const page = await contextOf.newPage();
  await signIn(page, cast.url, me.member.token, path, path.startsWith('/decisions') ? 'queue' : 'signed-in');
  return { page, done: () => contextOf.close() };
}

/** WCAG 2.2's target size, which axe knows but the suite's WCAG 2.1 scan does not ask for. */
async function targetSizeViolations(page: Page) {
  const all = await axeViolations(page, ['wcag22aa']);
  return all.filter((violation) => violation.id === 'target-size');
}

describe('the queue under a thumb (issue 39 item 9)', () => {
  for (const [where, options] of WIDTHS) {
    it(
      `on ${where}: a toast never covers the next decision's Approve and Reject, and its words let a tap through`,
      async () => {
        const me = world(cast, await cast.newMember());
        const first = (await me.file({ question: 'Spend $240 on the data feed?', context, asks: [approvalAsk()], confidence: 0.9 })).body
          .decision.id;
        const next = await me.file({
          question: 'Send the launch email to 4,000 customers?',
          context: longContext,
          asks: [approvalAsk('Send the launch email to 4,000 customers')],
          confidence: 0.1,
        });
        // Step mode, the one-handed walk (§6.15): archiving one goes on to the next by itself.
        const { page, done } = await opened(me, options, `/decisions?mode=step&id=${first}`);
        try {
          const detail = page.locator('.detail');
          await detail.getByRole('heading', { name: 'Spend $240 on the data feed?' }).waitFor(SLOW);
          await detail.locator('footer [data-action="archive"]').click();
          await detail.getByRole('heading', { name: 'Send the launch email to 4,000 customers?' }).waitFor(SLOW);
          // The archive's toast, with its Undo, stays until the next words: measured while it shows.
          const toast = page.getByTestId('toast');
          await expect.poll(() => toast.textContent(), SLOW).toMatch(/^Archived\. Nothing was answered/);
          await page.getByTestId('toast-action').waitFor(SLOW);

          // Wherever the person scrolls them — here to the bottom edge, where a thumb works.
          const approve = detail.getByRole('button', { name: 'Approve', exact: true });
          const reject = detail.getByRole('button', { name: 'Reject', exact: true });
          await approve.evaluate((element) =>
            (element as unknown as { scrollIntoView(o: unknown): void }).scrollIntoView({ block: 'end' }),
          );
          const shown = [await box(toast), await box(page.getByTestId('toast-action'))];
          for (const button of [approve, reject]) {
            const target = await box(button);
            for (const part of shown) expect(intersects(part, target), JSON.stringify({ part, target })).toBe(false);
          }
          // A tap on the toast's words reaches what lies beneath them, not the toast.
          const beneath = await toast.evaluate((element) => {
            const r = (element as unknown as { getBoundingClientRect(): Box }).getBoundingClientRect();
            const doc = (
              globalThis as unknown as { document: { elementFromPoint(x: number, y: number): { closest(s: string): unknown } | null } }
            ).document;
            return doc.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('.toasts') ?? null;
          });
          expect(beneath).toBeNull();
          await screenshot(page, `toast-clear-of-approve-${options.viewport!.width}`);

          // And the Approve it does not cover takes the tap.
          if (options.hasTouch) await approve.tap();
          else await approve.click();
          await expect.poll(async () => (await me.decision(next.body.decision.id)).status, SLOW).toBe('resolved');
          await expectAccessible(page);
        } finally {
          await done();
        }
      },
      SCENARIO,
    );

    it(
      `on ${where}: FR-64 — the keyboard's ? sheet and its note on a permission card are offered only where there is a keyboard`,
      async () => {
        const me = world(cast, await cast.newMember());
        const session = await me.session();
        await me.send(sessionRoutes.fileHostPrompt, {
          params: { id: session },
          body: { kind: 'permission', tool: 'Bash', input: JSON.stringify({ command: 'npm test' }) },
        });
        const { page, done } = await opened(me, options);
        try {
          const keyboard = !options.hasTouch;
          const help = page.getByRole('button', { name: 'Keyboard shortcuts' });
          await page.getByTestId('card').first().locator('[data-card]').click();
          const detail = page.locator('.detail');
          await detail.getByRole('button', { name: 'Approve', exact: true }).waitFor(SLOW);
          const note = detail.getByText('From the keyboard, only y and n answer a permission card.');
          expect(await note.isVisible()).toBe(keyboard);
          if (options.hasTouch) await page.getByRole('button', { name: 'Back to My Decisions' }).tap();
          await page.getByTestId('card').first().waitFor(SLOW);
          expect(await help.isVisible()).toBe(keyboard);
          await screenshot(page, `keyboard-affordances-${options.viewport!.width}`);
          await expectAccessible(page);
        } finally {
          await done();
        }
      },
      SCENARIO,
    );

    it(
      `on ${where}: Archive is a clear gap away from Previous and Next, and an ask's options use the pane's width`,
      async () => {
        const me = world(cast, await cast.newMember());
        for (const [question, confidence] of [
          ['Which feed tier first?', 0.9],
          ['Which feed tier for the EU storefront?', 0.5],
          ['Which feed tier last?', 0.1],
        ] as const) {
          await me.file({ question, context, asks: [tierAsk()], confidence });
        }
        const { page, done } = await opened(me, options);
        try {
          // The middle one: Previous and Next are both there.
          const card = page.getByTestId('card').filter({ hasText: 'Which feed tier for the EU storefront?' }).locator('[data-card]');
          if (options.hasTouch) await card.tap();
          else await card.click();
          const detail = page.locator('.detail');
          await detail.getByRole('heading', { name: 'Which feed tier for the EU storefront?' }).waitFor(SLOW);
          const archive = await box(detail.locator('footer [data-action="archive"]'));
          for (const walk of ['previous', 'next']) {
            const button = await box(detail.locator(`footer [data-action="${walk}"]`));
            expect(gap(archive, button), walk).toBeGreaterThanOrEqual(24);
          }
          // On a phone, Previous and Next are thumb-sized.
          if (options.hasTouch) expect((await box(detail.locator('footer [data-action="next"]'))).height).toBeGreaterThanOrEqual(44);

          // The options start near the pane's edge: no gutter beside the ask's number on a phone.
          const pane = await box(detail);
          const option = await box(detail.locator('.option').first());
          const indent = option.left - pane.left;
          if (options.hasTouch) expect(indent).toBeLessThanOrEqual(32);
          else expect(indent).toBeLessThanOrEqual(80);
          await screenshot(page, `pane-footer-${options.viewport!.width}`);
          expect(await targetSizeViolations(page)).toEqual([]);
          await expectAccessible(page);
        } finally {
          await done();
        }
      },
      SCENARIO,
    );

    it(
      `on ${where}: every card's "Open the page" is a target of 24 × 24 px at least, clear of its card`,
      async () => {
        const me = world(cast, await cast.newMember());
        // An approval is "worth opening" on its page (cast-decide "What you see"): its card links there.
        for (const n of [1, 2, 3]) await me.file({ question: `Publish the pricing report ${n}?`, context, asks: [approvalAsk()] });
        const { page, done } = await opened(me, options);
        try {
          const links = page.locator('.cards li > .page-link');
          await expect.poll(() => links.count(), SLOW).toBe(3);
          for (const index of [0, 1, 2]) {
            const link = links.nth(index);
            await link.scrollIntoViewIfNeeded();
            const target = await box(link);
            expect(target.height, `link ${index}`).toBeGreaterThanOrEqual(24);
            expect(target.width, `link ${index}`).toBeGreaterThanOrEqual(24);
            const cardBox = await box(link.locator('xpath=..').locator('[data-card]'));
            expect(target.top - cardBox.bottom, `link ${index} under its card`).toBeGreaterThanOrEqual(6);
          }
          await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
          await screenshot(page, `page-links-${options.viewport!.width}`);
          expect(await targetSizeViolations(page)).toEqual([]);
          await expectAccessible(page);
        } finally {
          await done();
        }
      },
      SCENARIO,
    );
  }
});
