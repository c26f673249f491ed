/**
 * The queue as a list in a real browser (FR-2…FR-7, FR-43, §6.1): what "Load more" loaded
 * stays through the FR-7 refresh, an answer and a reload (the count in the URL); each tab
 * says its count; an open card archives from the list (and `e` still archives from the
 * detail); a filtered view's header says its count is the view's, beside the health line's
 * count of the whole workspace. Each state is scanned by axe.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rollUpHealth } from '../../db/health';
import { decisionRoutes } from '../../domain/routes/decisions';
import { tierAsk, world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { WIDE, screenshot, signedInPage, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'Enough context for a person to answer without opening the session, which is the point.';
/** A scenario's patience: Temporal, Postgres and Chromium share 2 cores with other test runs. */
const SCENARIO = 240_000;
type Me = ReturnType<typeof world>;

/**
 * Files `count` choice decisions, `together` at a time (1: one after another, so they rank in
 * filing order, oldest first), and returns their ids in filing order.
 */
async function fileMany(me: Me, count: number, prefix: string, extra: Record<string, unknown> = {}, together = 5): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += together) {
    const batch = Array.from({ length: Math.min(together, count - start) }, (_, i) => start + i);
    const replies = await Promise.all(batch.map((n) => me.file({ question: `${prefix} ${n}?`, context, asks: [tierAsk()], ...extra })));
    for (const reply of replies) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      ids.push(reply.body.decision.id);
    }
  }
  return ids;
}

const cards = (page: Page) => page.getByTestId('card');
const counts = (page: Page) => page.getByTestId('counts').allTextContents();
const tabs = (page: Page) => page.getByRole('tab').allTextContents();
const currentId = (page: Page) => page.locator('[aria-current="true"] [data-card]').getAttribute('data-card');
const focusedCard = (page: Page) =>
  page.evaluate(() =>
    (
      globalThis as unknown as { document: { activeElement: { getAttribute(name: string): string | null } } }
    ).document.activeElement.getAttribute('data-card'),
  );

describe('the queue as a list (FR-2…FR-7, FR-43, §6.1)', () => {
  it('FR-7: Load more survives the refresh and an answer', { timeout: SCENARIO }, async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    await fileMany(me, 60, 'Loaded question');
    const page = await browser.newPage({ viewport: WIDE });
    // The page's timers run as usual; fastForward jumps to the FR-7 refresh.
    await page.clock.install();
    await page.goto(`${cast.url}/decisions`);
    await page.getByLabel('Token').fill(member.token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => cards(page).count(), SLOW).toBe(25);

    await page.getByRole('button', { name: 'Load 25 more' }).click();
    await expect.poll(() => cards(page).count(), SLOW).toBe(50);
    expect(new URL(page.url()).searchParams.get('shown')).toBe('50');

    // The 40th card: chosen, answered, and the list keeps all it loaded.
    const fortieth = cards(page).nth(39);
    const chosen = await fortieth.locator('[data-card]').getAttribute('data-card');
    await fortieth.locator('[data-card]').click();
    await expect.poll(() => page.locator('.walker').allTextContents(), SLOW).toEqual(['40 / 60']);
    await page.locator('.detail').getByRole('radio', { name: /Pro/ }).check();
    await page.locator('.detail').getByRole('button', { name: 'Answer', exact: true }).click();
    await expect.poll(() => page.getByTestId('outcome').count(), SLOW).toBe(1);
    await expect.poll(() => counts(page), SLOW).toEqual(['59 open · 59 blocking']);
    expect(await cards(page).count()).toBe(50);
    expect(await cards(page).locator(`[data-card="${chosen}"]`).count()).toBe(0);
    // The answered decision stays on screen with the walker at the place it left.
    expect(await page.locator('.walker').allTextContents()).toEqual(['40 / 59']);

    // The FR-7 refresh (30 s on) reads what is loaded again, not page 1: one more filed meanwhile.
    await fileMany(me, 1, 'Filed while you read');
    await page.clock.fastForward(30_000);
    await expect.poll(() => counts(page), SLOW).toEqual(['60 open · 60 blocking']);
    expect(await cards(page).count()).toBe(50);
    expect(await page.getByRole('button', { name: 'Load 10 more' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // A reload keeps what was loaded: the count is in the URL.
    const shownIds = () => page.locator('[data-card]').evaluateAll((all) => all.map((card) => card.getAttribute('data-card')));
    const before = await shownIds();
    await page.reload();
    await expect.poll(() => cards(page).count(), SLOW).toBe(50);
    expect(await shownIds()).toEqual(before);
  });

  it('FR-2: each tab shows its count ("Open 2 · Answered 3 · Archived 1"), under the filter too', { timeout: SCENARIO }, async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const editor = await me.agent('Editor');
    const open = await fileMany(me, 3, 'Open one', { agent: editor.id });
    const [answered, withdrawn, archived] = await fileMany(me, 3, 'Closed one');
    await me.answer(answered!, 1, { kind: 'decision', selected: [2] });
    await me.send(decisionRoutes.withdrawDecision, { params: { id: withdrawn! }, body: {} });
    await me.send(decisionRoutes.archiveDecision, { params: { id: archived! }, body: {} });

    await me.answer(open[2]!, 1, { kind: 'decision', selected: [2] });

    const page = await signedInPage(browser, cast.url, member.token);
    // Answered lists the withdrawn one as well (labelled), so it counts there.
    await expect.poll(() => tabs(page), SLOW).toEqual(['Open 2', 'Answered 3', 'Archived 1']);
    await page.getByRole('tab', { name: 'Answered' }).click();
    await expect.poll(() => cards(page).count(), SLOW).toBe(3);
    expect(await tabs(page)).toEqual(['Open 2', 'Answered 3', 'Archived 1']);

    // Filtered to the Editor: each tab counts what the filter matches in it.
    await page.getByLabel('Agent').selectOption(editor.id);
    await expect.poll(() => tabs(page), SLOW).toEqual(['Open 2', 'Answered 1', 'Archived 0']);
    expect(await page.getByRole('tab', { name: 'Answered 1' }).getAttribute('aria-selected')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'queue-tab-counts-1280');

    // At 320 px the three tabs and their counts still fit, without scrolling sideways.
    await page.setViewportSize({ width: 320, height: 700 });
    const tablist = page.getByRole('tablist');
    expect(await tablist.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await tabs(page)).toEqual(['Open 2', 'Answered 1', 'Archived 0']);
    await screenshot(page, 'queue-tab-counts-320');
  });

  it(
    'FR-43: an open card archives from the list, focus moves on, and e still archives from the detail',
    { timeout: SCENARIO },
    async () => {
      const member = await cast.newMember();
      const me = world(cast, member);
      const [first, second, third] = await fileMany(me, 3, 'Archivable', {}, 1);
      const page = await signedInPage(browser, cast.url, member.token);
      await expect.poll(() => currentId(page), SLOW).toBe(first);
      expect(await axeViolations(page)).toEqual([]);

      // Archive on the second card (not the selected one): it leaves Open; nothing was answered.
      const archive = page.getByRole('button', { name: 'Archive "Archivable 1?"' });
      await archive.focus();
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await me.decision(second!)).status, SLOW).toBe('archived');
      expect((await me.decision(second!)).asks[0]?.answer ?? null).toBeNull();
      await expect
        .poll(() => page.getByTestId('toast').allTextContents(), SLOW)
        .toEqual(['Archived. Nothing was answered; you can restore it from Archived.']);
      await expect.poll(() => tabs(page), SLOW).toEqual(['Open 2', 'Answered 0', 'Archived 1']);
      expect(await cards(page).locator(`[data-card="${second}"]`).count()).toBe(0);
      // Focus went to the card that followed it, not to the page body.
      await expect.poll(() => focusedCard(page), SLOW).toBe(third);
      expect(await currentId(page)).toBe(first);

      // `e` archives the decision the detail shows.
      await page.getByRole('heading', { name: 'Archivable 0?' }).waitFor(SLOW);
      await page.keyboard.press('e');
      await expect.poll(async () => (await me.decision(first!)).status, SLOW).toBe('archived');
      await expect.poll(() => tabs(page), SLOW).toEqual(['Open 1', 'Answered 0', 'Archived 2']);

      // Archived cards offer Restore, not Archive.
      await page.getByRole('tab', { name: 'Archived' }).click();
      await expect.poll(() => cards(page).count(), SLOW).toBe(2);
      expect(await page.locator('[data-action="archive-card"]').count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Restore/ }).count()).toBeGreaterThanOrEqual(2);
    },
  );

  it('FR-3: a filtered view says "open in this view"; the health line counts the whole workspace', { timeout: SCENARIO }, async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const researcher = await me.agent('Researcher');
    const editor = await me.agent('Editor');
    await rollUpHealth(cast.pool, member.workspaceId);
    await fileMany(me, 26, 'Researcher asks', { agent: researcher.id });
    await fileMany(me, 4, 'Editor asks', { agent: editor.id });

    const page = await signedInPage(browser, cast.url, member.token);
    await expect.poll(() => counts(page), SLOW).toEqual(['30 open · 30 blocking']);
    expect(await page.getByTestId('health-line').textContent()).toBe(
      'Flooded — 30 open. Answer what matters, archive the rest, then fix the instructions.',
    );
    expect(await page.getByTestId('health-scope').count()).toBe(0);

    await page.getByLabel('Agent').selectOption(editor.id);
    await expect.poll(() => counts(page), SLOW).toEqual(['4 open in this view · 4 blocking']);
    expect(await page.getByTestId('health-line').textContent()).toBe(
      'Flooded — 30 open. Answer what matters, archive the rest, then fix the instructions.',
    );
    expect(await page.getByTestId('health-scope').textContent()).toBe(' For the whole workspace, not only this view.');
    expect(new URL(page.url()).searchParams.get('agent')).toBe(editor.id);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'queue-filtered-counts-1280');
  });
});
