/**
 * Looks and layout (issue 20, §6.1, §6.15, FR-67) in a real browser: the selected decision stays
 * in view beside a long list; at 390 px the first decision starts within the first screen (the
 * four filter menus fold behind one control); at 320 px nothing scrolls sideways, not even with an
 * agent whose name is longer than the screen; Approve and Reject differ by more than colour; and
 * nothing moves for a person who asked for reduced motion. Each state is scanned by axe.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rollUpHealth } from '../../db/health';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { NARROW, WIDE, screenshot, signedInPage, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'Enough context for a person to answer without opening the session, which is the point.';
/** A scenario's patience: Temporal, Postgres and Chromium share 2 cores with other test runs. */
const SCENARIO = 240_000;
type Me = ReturnType<typeof world>;

/** Files `count` decisions, five at a time; returns their ids. */
async function fileMany(me: Me, count: number, prefix: string, extra: Record<string, unknown> = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 5) {
    const batch = Array.from({ length: Math.min(5, count - start) }, (_, i) => start + i);
    const replies = await Promise.all(batch.map((n) => me.file({ question: `${prefix} ${n}?`, context, asks: [tierAsk()], ...extra })));
    for (const reply of replies) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      ids.push(reply.body.decision.id);
    }
  }
  return ids;
}

/** The computed style properties read here. */
type Style = { backgroundColor: string; color: string; borderTopColor: string; fontWeight: string; transitionDuration: string };
type Box = { top: number; bottom: number; left: number; right: number; width: number };
/** An element as these checks read it (the test's TypeScript has no DOM library). */
type Measured = {
  getBoundingClientRect(): Box;
  closest(selector: string): Measured | null;
  scrollTo(options: { top: number }): void;
  scrollHeight: number;
  clientHeight: number;
  scrollTop: number;
  scrollWidth: number;
  clientWidth: number;
  tagName: string;
  className: string;
};
/** Where an element is, relative to the viewport (negative `top`: above the top of the window). */
const boxOf = (page: Page, selector: string): Promise<Box> =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const { top, bottom, left, right, width } = (element as unknown as Measured).getBoundingClientRect();
      return { top, bottom, left, right, width };
    });
const viewportHeight = (page: Page) => page.evaluate(() => (globalThis as unknown as { innerHeight: number }).innerHeight);
const scrollY = (page: Page) => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
/** How far the page is wider than its window: 0 when nothing scrolls sideways. */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document
      .documentElement;
    return root.scrollWidth - root.clientWidth;
  });
/** Elements wider than the window reaches, by tag and class, so a failure names the culprit. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<Measured> } }).document;
    const width = (globalThis as unknown as { innerWidth: number }).innerWidth;
    return Array.from(doc.querySelectorAll('body *'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 0.5;
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
  });

describe('looks and layout (issue 20)', () => {
  it('§6.1: the detail stays in view beside a long list', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    // A decision tall enough to need its own scroll: a long context, what it tried, three asks.
    const tall = (
      await me.file({
        question: 'The tall one?',
        context: Array.from({ length: 12 }, (_, n) => `Line ${n + 1} of what happened, long enough to wrap.`).join('\n'),
        attempts: Array.from({ length: 8 }, (_, n) => `Attempt ${n + 1}`),
        asks: [tierAsk(), approvalAsk(), { ...tierAsk(), prompt: 'And which region?' }],
        confidence: 0.01,
      })
    ).body.decision.id;
    await fileMany(me, 24, 'Listed question', { confidence: 0.9 });

    const page = await signedInPage(browser, cast.url, me.member.token);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => page.getByTestId('card').count(), SLOW).toBe(25);
    const height = await viewportHeight(page);

    // The last card, far below the first screen: the list scrolls to it, and its detail is there beside it.
    const last = page.locator(`[data-card="${tall}"]`);
    await last.scrollIntoViewIfNeeded();
    await last.click();
    await page.locator('#detail-title', { hasText: 'The tall one?' }).waitFor(SLOW);
    expect(await scrollY(page)).toBeGreaterThan(1000);
    const title = await boxOf(page, '#detail-title');
    expect(title.top).toBeGreaterThanOrEqual(0);
    expect(title.bottom).toBeLessThanOrEqual(height);
    // The pane fits the window and scrolls on its own: its asks are reached without leaving the card.
    const pane = await boxOf(page, '.detail-pane');
    expect(pane.top).toBeGreaterThanOrEqual(0);
    expect(pane.bottom).toBeLessThanOrEqual(height);
    const scrolls = () =>
      page
        .locator('.detail-pane')
        .evaluate((element) => (element as unknown as Measured).scrollHeight > (element as unknown as Measured).clientHeight);
    expect(await scrolls()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'layout-detail-in-view-1440');

    // Scrolled to its end, then k: the previous decision starts at its top, still in view.
    await page.locator('.detail-pane').evaluate((element) => {
      const pane = element as unknown as Measured;
      pane.scrollTo({ top: pane.scrollHeight });
    });
    await page.locator(`[data-card="${tall}"]`).focus();
    await page.keyboard.press('k');
    await page.locator('#detail-title', { hasText: 'Listed question' }).waitFor(SLOW);
    await expect.poll(() => page.locator('.detail-pane').evaluate((element) => (element as unknown as Measured).scrollTop), SLOW).toBe(0);
    const next = await boxOf(page, '#detail-title');
    expect(next.top).toBeGreaterThanOrEqual(0);
    expect(next.bottom).toBeLessThanOrEqual(height);
  });

  it('390 px: the first decision starts within the first screen', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    const agent = await me.agent('Researcher');
    // Flooded, naming its agent with a link: the longest health line there is (FR-54).
    await rollUpHealth(cast.pool, me.member.workspaceId);
    await fileMany(me, 30, 'Phone question', { agent: agent.id });

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${cast.url}/decisions`);
    await page.getByLabel('Token').fill(me.member.token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('health-culprit').waitFor(SLOW);
    await page.getByTestId('card').first().waitFor(SLOW);
    const height = await viewportHeight(page);

    // The whole first card — its question, who asked, its chips — is on the first screen.
    const first = await boxOf(page, '[data-testid="card"]');
    expect(first.bottom).toBeLessThanOrEqual(height);
    // The four menus are behind one control; the search stays.
    const toggle = page.getByRole('button', { name: 'Filters' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('Agent').isVisible()).toBe(false);
    expect(await page.getByRole('searchbox', { name: 'Search decisions' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'layout-first-screen-390');

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Agent', 'Task', 'Mission', 'Kind']) expect(await page.getByLabel(name).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Agent').selectOption(agent.id);
    // The control says a filter is set, even folded.
    await expect.poll(() => page.getByTestId('filters-toggle').textContent(), SLOW).toBe('Filters (1)');
    await toggle.click();
    expect(await page.getByLabel('Agent').isVisible()).toBe(false);

    // An opened decision takes the screen below the title and the way back (§6.15).
    await page.getByTestId('card').first().locator('[data-card]').click();
    await page.getByRole('button', { name: 'Back to My Decisions' }).waitFor(SLOW);
    const title = await boxOf(page, '#detail-title');
    expect(title.top).toBeGreaterThanOrEqual(0);
    expect(title.bottom).toBeLessThan(height / 3);
    expect(await page.getByRole('radio', { name: /Basic/ }).first().isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'layout-detail-390');
    // Back, and the tabs, the filters and the health line are there again.
    await page.getByRole('button', { name: 'Back to My Decisions' }).click();
    await expect.poll(() => page.getByTestId('health').isVisible(), SLOW).toBe(true);
    expect(await page.getByRole('tab', { name: /Open/ }).isVisible()).toBe(true);
    await page.close();
  });

  it('320 px: nothing scrolls sideways', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    // Names and questions longer than the screen, with no place to break.
    const agent = await me.agent('Researcher-for-the-quarterly-pricing-refresh-across-every-regional-storefront');
    const task = await me.task('Refresh the pricing page for every regional storefront and each of their currencies');
    await rollUpHealth(cast.pool, me.member.workspaceId);
    await fileMany(me, 27, 'Narrow question', { agent: agent.id });
    await me.file({
      question: 'Rename pricing_table_regional_storefront_currency_conversion_rates_v2_final?',
      context: 'https://example.invalid/a/very/long/path/that/never/breaks/by/itself/pricing_table_regional_storefront',
      asks: [approvalAsk(), tierAsk()],
      agent: agent.id,
      task: task.id,
      confidence: 0.99,
    });
    await me.answer((await fileMany(me, 1, 'Answered one'))[0]!, 1, { kind: 'decision', selected: [2] });

    const page = await browser.newPage({ viewport: { width: 320, height: 700 } });
    await page.goto(`${cast.url}/decisions`);
    await page.getByLabel('Token').fill(me.member.token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('health-culprit').waitFor(SLOW);
    await expect.poll(() => page.getByTestId('tab-count').count(), SLOW).toBe(3);

    expect(await overflowing(page)).toEqual([]);
    expect(await sideways(page)).toBe(0);
    // The three tabs and their counts fit.
    const tabsFit = (element: unknown) => (element as Measured).scrollWidth <= (element as Measured).clientWidth;
    expect(await page.getByRole('tablist').evaluate(tabsFit)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'layout-list-320');

    // The menus unfolded, the Agent select among them, its longest name included.
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('option', { name: agent.name }).waitFor({ state: 'attached', ...SLOW });
    expect(await overflowing(page)).toEqual([]);
    expect(await sideways(page)).toBe(0);
    await page.getByLabel('Agent').selectOption(agent.id);
    await expect.poll(() => page.getByTestId('filters-toggle').textContent(), SLOW).toBe('Filters (1)');
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'layout-filters-320');

    // The long decision opened: its question, its context and both asks' controls.
    await page.getByText('Rename pricing_table', { exact: false }).first().click();
    await page.getByRole('button', { name: 'Approve', exact: true }).waitFor(SLOW);
    expect(await overflowing(page)).toEqual([]);
    expect(await sideways(page)).toBe(0);
    // The recommended option chosen: its row tinted, RECOMMENDED still legible on the tint.
    await page.getByRole('radio', { name: /Pro/ }).check();
    expect(await overflowing(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'layout-detail-320');
    await page.close();
  });

  it('FR-67: Approve and Reject differ by more than colour', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    await me.file({ question: 'Spend $240 on the data feed?', context, asks: [approvalAsk()] });
    const page = await signedInPage(browser, cast.url, me.member.token);
    await page.setViewportSize({ width: 1440, height: 900 });
    const approve = page.locator('.detail').getByRole('button', { name: 'Approve', exact: true });
    const reject = page.locator('.detail').getByRole('button', { name: 'Reject', exact: true });
    await approve.waitFor(SLOW);

    const look = (button: typeof approve) =>
      button.evaluate((element) => {
        const style = (globalThis as unknown as { getComputedStyle(element: unknown): Style }).getComputedStyle(element);
        const box = (element as unknown as Measured).getBoundingClientRect();
        const form = (element as unknown as Measured).closest('fieldset')!.getBoundingClientRect();
        return {
          background: style.backgroundColor,
          color: style.color,
          border: style.borderTopColor,
          weight: Number(style.fontWeight),
          top: Math.round(box.top),
          share: box.width / form.width,
        };
      });
    const [yes, no] = [await look(approve), await look(reject)];
    // The pane's own surface, which an outlined button shows through.
    const surface = await page
      .locator('.detail')
      .evaluate(
        (element) => (globalThis as unknown as { getComputedStyle(element: unknown): Style }).getComputedStyle(element).backgroundColor,
      );
    // Filled against outlined: Approve's fill is its own colour, Reject's is the page's.
    expect(yes.background).not.toBe(surface);
    expect(no.background).toBe(surface);
    expect(yes.background).not.toBe(no.background);
    // The weight of the type differs too, and each says what it does.
    expect(yes.weight).toBeGreaterThan(no.weight);
    expect(await approve.textContent()).toBe('Approve');
    expect(await reject.textContent()).toBe('Reject');
    // Side by side at their own width, not two identical full-width bars.
    expect(yes.top).toBe(no.top);
    expect(yes.share).toBeLessThan(0.5);
    expect(no.share).toBeLessThan(0.5);
    // Each reads against its own fill (WCAG AA, 4.5:1).
    expect(contrast(yes.color, yes.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(no.color, no.background)).toBeGreaterThanOrEqual(4.5);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'layout-approve-reject-1440');

    // Reject opens the reason; its confirmation is the filled danger, Cancel the quiet way out.
    await reject.click();
    const confirm = page.getByRole('button', { name: 'Confirm rejection' });
    await page.getByLabel('Why? (required)').fill('Budget is capped this quarter.');
    const confirmed = await look(confirm);
    expect(confirmed.background).not.toBe(surface);
    expect(confirmed.background).not.toBe(yes.background);
    expect(contrast(confirmed.color, confirmed.background)).toBeGreaterThanOrEqual(4.5);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it(
    'a half-given answer outlives the window narrowing to one pane and widening again (a tablet turning)',
    { timeout: SCENARIO },
    async () => {
      const me = world(cast, await cast.newMember());
      const options = ['Email', 'Slack', 'SMS', 'Phone'].map((label) => ({ label }));
      const id = (
        await me.file({
          question: 'Which channels?',
          context,
          asks: [{ kind: 'decision', prompt: 'Pick the channels', options, multiple: true, max: 3 }],
        })
      ).body.decision.id;
      const page = await signedInPage(browser, cast.url, me.member.token, '/decisions', { viewport: WIDE });
      const box = (label: string) => page.locator('.detail').getByRole('checkbox', { name: label });
      await box('Email').check(SLOW);
      await box('SMS').check();
      // Below 768 px the panes stack and the list shows; back at full width the ticks are still there.
      await page.setViewportSize(NARROW);
      await page.locator('.detail-pane').waitFor({ state: 'hidden' });
      await page.setViewportSize(WIDE);
      await box('Phone').check(SLOW);
      expect(await page.locator('.detail').getByRole('checkbox', { checked: true }).count()).toBe(3);
      await page.locator('.detail').getByRole('button', { name: 'Answer', exact: true }).click();
      await expect
        .poll(async () => (await me.decision(id)).asks[0]?.answer?.value, SLOW)
        .toEqual({ kind: 'decision', selected: [1, 3, 4] });
      await page.close();
    },
  );

  it('prefers-reduced-motion: nothing moves', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    await me.file({ question: 'Still?', context, asks: [approvalAsk()] });
    const page = await signedInPage(browser, cast.url, me.member.token);
    const approve = page.locator('.detail').getByRole('button', { name: 'Approve', exact: true });
    const transition = () =>
      approve.evaluate(
        (element) => (globalThis as unknown as { getComputedStyle(element: unknown): Style }).getComputedStyle(element).transitionDuration,
      );
    await approve.waitFor(SLOW);
    expect(await transition()).not.toBe('0s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(transition, SLOW).toBe('0s');
    await page.close();
  });
});

/** The WCAG contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = colour
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map(Number) as [number, number, number];
    const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
