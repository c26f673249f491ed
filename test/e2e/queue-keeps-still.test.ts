/**
 * Issue 39 item 1, in a real browser at 1440×900 and on a 390 px phone: the list keeps still
 * while a person works. A stack group shows every open member or says how many more ("and 3
 * more in this stack", linked to the stack); a group the person clears keeps its place as
 * "Nothing left here." while the groups below it stay where they were; decisions filed
 * meanwhile are counted above the list ("2 new decisions", a polite live region) and join it
 * only when the person presses Show. Each state is scanned by axe and photographed.
 */
import type { Browser, Page, ViewportSize } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sessionRoutes } from '../../domain/routes/sessions';
import { stackRoutes } from '../../domain/routes/stacks';
import { tierAsk, world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { screenshot, signedInPage } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

/** The widths issue 39 was tried at. */
const WIDTHS: Array<[string, ViewportSize]> = [
  ['1440', { width: 1440, height: 900 }],
  ['390', { width: 390, height: 844 }],
];
const SCENARIO = 400_000;
const SLOW = { timeout: 30_000 };
const context = 'Enough context for a person to answer without opening the session, which is the point.';
type Me = ReturnType<typeof world>;

/** Advisory, so the blocking decisions filed later rank above them and land on the page read. */
const advisory = (question: string, session?: string) => ({
  question,
  context,
  asks: [tierAsk()],
  mode: 'advisory',
  defaultOption: 1,
  ...(session ? { session } : {}),
});

async function fileAll(me: Me, bodies: Array<Record<string, unknown>>): Promise<string[]> {
  const ids: string[] = [];
  // One at a time: they rank in filing order, oldest first.
  for (const body of bodies) {
    const filed = await me.file(body);
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    ids.push(filed.body.decision.id);
  }
  return ids;
}

async function scoped(me: Me, scope: string): Promise<string> {
  const id = `conv-${scope}-${Date.now()}`;
  await me.send(sessionRoutes.putSession, { params: { id }, body: { scope } });
  return id;
}

const headings = (page: Page) => page.locator('.list h2').allTextContents();
const cardIds = (page: Page) => page.locator('.list [data-card]').evaluateAll((all) => all.map((card) => card.getAttribute('data-card')));

describe('issue 39 item 1: the queue keeps still while a person works', () => {
  for (const [label, viewport] of WIDTHS) {
    it(
      `issue 39 item 1 (${label} px): a stack says how many more; a cleared group keeps its place; arrivals wait for Show`,
      { timeout: SCENARIO },
      async () => {
        const me = world(cast, await cast.newMember());
        const billing = await scoped(me, 'billing');
        const pricing = await scoped(me, 'pricing-research');
        const [bill] = await fileAll(me, [advisory('Which invoice template for December?', billing)]);
        await fileAll(
          me,
          Array.from({ length: 23 }, (_, n) => advisory(`Pricing question ${n + 1}?`, pricing)),
        );
        const members = await fileAll(
          me,
          Array.from({ length: 4 }, (_, n) => advisory(`Launch step ${n + 1}?`)),
        );
        const stack = (await me.send(stackRoutes.createStack, { body: { title: 'Launch checklist', decisions: members } })).stack;

        const page = await signedInPage(browser, cast.url, me.member.token, '/decisions', { viewport });
        await expect.poll(() => page.locator('.list [data-card]').count(), SLOW).toBe(25);
        // The page of 25 holds one of the stack's four members: the group says so, and links to the stack.
        const group = page.getByTestId('stack-group');
        expect(await group.locator('[data-card]').count()).toBe(1);
        const more = group.getByTestId('stack-more').getByRole('link');
        expect(await more.textContent()).toBe('and 3 more in this stack');
        expect(await more.getAttribute('href')).toBe(`/decisions/stacks/${stack.id}`);
        expect(await headings(page)).toEqual(['Stack Launch checklist', 'billing', 'pricing-research']);
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `issue39-stack-more-${label}`);

        // Two blocking decisions are filed while the person works: they rank above everything.
        const arrived = await fileAll(me, [
          { question: 'Ship the banner today?', context, asks: [tierAsk()] },
          { question: 'Pause the ad spend?', context, asks: [tierAsk()] },
        ]);

        // The person answers billing's only decision.
        await page.locator(`[data-card="${bill}"]`).click();
        await page.locator('.detail').getByRole('radio', { name: /Pro/ }).check();
        await page.locator('.detail').getByRole('button', { name: 'Answer', exact: true }).click();
        await expect.poll(() => page.getByTestId('outcome').count(), SLOW).toBe(1);
        if (viewport.width < 768) await page.locator('.detail-pane > button.back').click();

        // The re-read after the answer brings the two in: counted, announced, not slipped into the list.
        const arrivals = page.getByTestId('arrivals');
        await expect.poll(() => arrivals.getByRole('status').textContent(), SLOW).toBe('2 new decisions');
        expect(await arrivals.getByRole('status').getAttribute('aria-live')).toBe('polite');
        const shown = await cardIds(page);
        for (const id of arrived) expect(shown).not.toContain(id);
        // billing keeps its place, cleared; the groups below it did not move up.
        expect(await headings(page)).toEqual(['Stack Launch checklist', 'billing', 'pricing-research']);
        await expect.poll(() => page.getByTestId('drained').allTextContents(), SLOW).toEqual(['Nothing left here.']);
        // The next member of the stack moved onto the page: the count follows.
        await expect.poll(() => group.getByTestId('stack-more').textContent(), SLOW).toBe('and 2 more in this stack');
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `issue39-arrivals-held-${label}`);

        // Show: the two join, where the rank puts them, and the cleared group goes.
        await arrivals.getByRole('button', { name: 'Show' }).click();
        await expect.poll(() => cardIds(page), SLOW).toEqual(expect.arrayContaining(arrived));
        expect(await arrivals.getByRole('button').count()).toBe(0);
        await expect.poll(() => page.getByTestId('drained').count(), SLOW).toBe(0);
        expect(await headings(page)).not.toContain('billing');
        // Showing them dropped no card: the stack's two members on the page stay.
        expect(await group.locator('[data-card]').count()).toBe(2);
        expect(await group.getByTestId('stack-more').textContent()).toBe('and 2 more in this stack');
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `issue39-arrivals-shown-${label}`);
        await page.close();
      },
    );
  }
});
