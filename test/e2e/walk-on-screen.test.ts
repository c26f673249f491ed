/**
 * Next and Previous walk the list as the person sees it (issue 38 item 7), in Chromium: the list
 * groups by scope while the server ranks across groups, so the two orders differ here. `]`, `[`,
 * j, k and the pane's Previous / Next buttons follow the screen; after an archive the groups stay
 * where they were and `]` goes to the card that followed on screen; the decision shown is pinned,
 * so a decision that arrives above it never takes the pane from under a key.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tierAsk, world } from '../support/agent-world';
import { signedInPage, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { currentCardId, toastText } from '../support/queue-page';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'Enough context for a person to answer without opening the session, which is the point.';
type Me = ReturnType<typeof world>;

const scopes = (page: Page) => page.locator('h2.scope').allTextContents();
const cards = (page: Page) => page.locator('[data-card]').evaluateAll((all) => all.map((card) => card.getAttribute('data-card')));
const shownTitle = (page: Page) => page.locator('#detail-title').textContent();

/** Files a decision in a session of the given scope, ranked by `confidence` (higher first). */
async function inScope(me: Me, sessions: Map<string, string>, scope: string, question: string, confidence: number) {
  if (!sessions.has(scope)) sessions.set(scope, await me.session());
  const reply = await me.file({ question, context, asks: [tierAsk()], session: sessions.get(scope), scope, confidence });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.decision.id as string;
}

describe('Next and Previous walk the list on screen (issue 38 item 7)', () => {
  it(
    '], [, j, k, Previous and Next follow the groups on screen, not the rank; after e the list keeps its groups and ] the card that followed',
    { timeout: 600_000 },
    async () => {
      const me = world(cast, await cast.newMember());
      const sessions = new Map<string, string>();
      // Ranked a, b, c, d; shown web (a, c), then api (b, d).
      const a = await inScope(me, sessions, 'web', 'Web first?', 0.9);
      const b = await inScope(me, sessions, 'api', 'Api first?', 0.8);
      const c = await inScope(me, sessions, 'web', 'Web second?', 0.7);
      const d = await inScope(me, sessions, 'api', 'Api second?', 0.6);
      const page = await signedInPage(browser, cast.url, me.member.token);
      await expect.poll(() => scopes(page), SLOW).toEqual(['web', 'api']);
      expect(await cards(page)).toEqual([a, c, b, d]);
      await expect.poll(() => currentCardId(page), SLOW).toBe(a);

      const footer = page.locator('.detail footer');
      const walked: Array<[string, string]> = [
        [']', c],
        ['Next decision', b],
        ['j', d],
        ['[', b],
        ['k', c],
        ['Previous decision', a],
      ];
      for (const [move, to] of walked) {
        if (move.length > 1) await footer.getByRole('button', { name: move }).click();
        else await page.keyboard.press(move);
        await expect.poll(() => currentCardId(page), { ...SLOW, message: move }).toBe(to);
        await page.locator('.detail [data-ask="1"]').waitFor(SLOW);
      }

      // e archives a, the decision shown. Read afresh by rank, api (b) would now come first; the
      // groups stay where the person saw them, and ] goes to c, which followed a there.
      await page.locator('#detail-title').focus();
      await page.keyboard.press('e');
      await expect.poll(async () => (await me.decision(a)).status, SLOW).toBe('archived');
      await expect.poll(() => cards(page), SLOW).toEqual([c, b, d]);
      expect(await scopes(page)).toEqual(['web', 'api']);
      expect(await shownTitle(page)).toMatch(/^Web first\?/);
      await page.keyboard.press(']');
      await expect.poll(() => currentCardId(page), SLOW).toBe(c);
      await footer.getByRole('button', { name: 'Next decision' }).click();
      await expect.poll(() => currentCardId(page), SLOW).toBe(b);
      await page.keyboard.press(']');
      await expect.poll(() => currentCardId(page), SLOW).toBe(d);
      await page.locator('.detail [data-ask="1"]').waitFor(SLOW);
      // At the end, ] says so and stays.
      await page.keyboard.press(']');
      await expect.poll(() => toastText(page), SLOW).toBe('This is the last decision here.');
      expect(await currentCardId(page)).toBe(d);

      // Step mode goes on, after an archive, to the card that followed on screen. Opened afresh,
      // the groups come by rank: api (b, d), then web (c); the rank alone would go from b to c.
      const step = await signedInPage(browser, cast.url, me.member.token, `/decisions?mode=step&id=${b}`);
      await step.getByRole('heading', { name: 'Api first?' }).waitFor(SLOW);
      await step.locator('#detail-title').focus();
      await step.keyboard.press('e');
      await expect.poll(async () => (await me.decision(b)).status, SLOW).toBe('archived');
      await expect.poll(() => shownTitle(step), SLOW).toMatch(/^Api second\?/);
    },
  );

  it(
    'the decision shown is pinned: one filed above it does not take the pane, and e archives the one shown',
    { timeout: 600_000 },
    async () => {
      const me = world(cast, await cast.newMember());
      const sessions = new Map<string, string>();
      const shown = await inScope(me, sessions, 'web', 'Shown first?', 0.5);
      const other = await inScope(me, sessions, 'web', 'Below it?', 0.4);
      const page = await signedInPage(browser, cast.url, me.member.token);
      await page.getByRole('heading', { name: 'Shown first?' }).waitFor(SLOW);
      expect(await currentCardId(page)).toBe(shown);

      // A decision that outranks it arrives; the list reads afresh (an archive from a card refreshes it).
      // It waits above the list until Show (issue 39 item 1); shown, it comes in above.
      const newer = await inScope(me, sessions, 'web', 'Filed above it, three asks?', 0.99);
      await page.getByRole('button', { name: 'Archive "Below it?"' }).click();
      await expect.poll(() => page.getByTestId('arrivals').getByRole('status').textContent(), SLOW).toBe('1 new decision');
      expect(await cards(page)).toEqual([shown]);
      await page.getByTestId('arrivals').getByRole('button', { name: 'Show' }).click();
      await expect.poll(() => cards(page), SLOW).toEqual([newer, shown]);
      expect(await shownTitle(page)).toMatch(/^Shown first\?/);
      await page.locator('#detail-title').focus();
      await page.keyboard.press('e');
      await expect.poll(async () => (await me.decision(shown)).status, SLOW).toBe('archived');
      expect((await me.decision(newer)).status).toBe('open');
      expect((await me.decision(other)).status).toBe('archived');
    },
  );
});
