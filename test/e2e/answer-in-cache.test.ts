/**
 * Issue 39 item 14: the web answer keeps the answer's reply. One answer is one request — the
 * POST — and no read of the decision or of the queue follows it: the reply (the decision with
 * its detail) is written into the page's cache, where the detail pane and the queue page that
 * holds the card take it. The screen still shows the answer at once: the ask answered, the
 * card's place and the counts as the server now has them. At 1440 × 900 and on a 390 × 844 phone.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tierAsk, world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { screenshot, signedInPage, WIDTHS, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'Enough context for a person to answer without opening the session, which is the point.';
/** Every API request the page makes from now on, as `METHOD /path?query`. */
function recordRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

/** The reads an answer used to make: the decision itself, or any page of the queue. */
const rereads = (seen: string[], id: string) =>
  seen.filter((line) => line.startsWith('GET /api/v1/decisions?') || line.startsWith(`GET /api/v1/decisions/${id}`));

const ask = (page: Page, position: number) => page.locator('.detail').locator(`li[data-ask="${position}"]`);
const tabCounts = (page: Page) => page.getByTestId('tab-count').allTextContents();

/** Answers the open ask `position` with "Pro", by touch or click, as the page offers it. */
async function answerPro(page: Page, position: number) {
  await ask(page, position).getByRole('radio', { name: /Pro/ }).check();
  await ask(page, position).getByRole('button', { name: 'Answer', exact: true }).click();
}

/** Waits until the network is quiet: a read the answer started would have gone out by then. */
const settled = (page: Page) => page.waitForLoadState('networkidle');

describe('the web answer keeps its reply (issue 39 item 14)', () => {
  for (const { name, viewport } of WIDTHS) {
    it(`at ${name} px: one POST per answer, no read of the decision or the queue after it, and the screen shows the answer`, async () => {
      const member = await cast.newMember();
      const me = world(cast, member);
      const twoAsks = (await me.file({ question: 'Which feed tiers, for which teams?', context, asks: [tierAsk(), tierAsk()] })).body
        .decision.id;
      await me.file({ question: 'Keep the weekly digest?', context, asks: [tierAsk()] });

      const page = await signedInPage(browser, cast.url, member.token, `/decisions?id=${twoAsks}`, { viewport, until: 'signed-in' });
      await page.getByRole('heading', { name: 'Which feed tiers, for which teams?' }).waitFor(SLOW);
      await expect.poll(() => tabCounts(page), SLOW).toEqual(['2', '0', '0']);
      await settled(page);

      // The first of two asks: the decision stays open, its card stays where it is.
      const first = recordRequests(page);
      await answerPro(page, 1);
      await page.getByTestId('toast').getByText('Answered.').waitFor(SLOW);
      await expect.poll(() => ask(page, 1).textContent(), SLOW).toContain('Pro');
      await settled(page);
      expect(first.filter((line) => line.startsWith('POST '))).toEqual([`POST /api/v1/decisions/${twoAsks}/asks/1/answer?detail=true`]);
      expect(rereads(first, twoAsks)).toEqual([]);
      expect(await page.getByTestId('card').filter({ hasText: 'Which feed tiers, for which teams?' }).count()).toBe(1);
      expect(await tabCounts(page)).toEqual(['2', '0', '0']);

      // The last one resolves it: the card leaves Open, and the counts move to Answered, with no read.
      const last = recordRequests(page);
      await answerPro(page, 2);
      await expect.poll(() => page.getByTestId('counts').allTextContents(), SLOW).toEqual(['1 open · 1 blocking']);
      await expect.poll(() => tabCounts(page), SLOW).toEqual(['1', '1', '0']);
      await expect.poll(() => ask(page, 2).textContent(), SLOW).toContain('Pro');
      await settled(page);
      expect(last.filter((line) => line.startsWith('POST '))).toEqual([`POST /api/v1/decisions/${twoAsks}/asks/2/answer?detail=true`]);
      expect(rereads(last, twoAsks)).toEqual([]);
      expect(await page.getByTestId('card').filter({ hasText: 'Which feed tiers, for which teams?' }).count()).toBe(0);
      expect(await page.getByTestId('card').filter({ hasText: 'Keep the weekly digest?' }).count()).toBe(1);

      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `answer-in-cache-${name}`);
      await page.context().close();
    });
  }
});
