/**
 * cast-decide "What you see": "The card links to this page when a decision has a document, an
 * option page, or an answer kind other than a single choice." In a real browser: which cards
 * carry the link, and that following it opens the decision's page at /decisions/sd-N.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { approvalAsk, tierAsk, world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { signedInPage } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'Enough context for a person to answer without opening the session, which is the point.';

describe('cards link to the decision page (cast-decide "What you see")', () => {
  it('cast-decide "What you see" — a card links to /decisions/sd-N for a document, an option page or a non-choice ask, and not for a plain single choice', async () => {
    const member = await cast.newMember();
    const me = world(cast, member);
    const file = async (question: string, extra: Record<string, unknown>) =>
      (await me.file({ question, context, asks: [tierAsk()], ...extra })).body.decision.id;
    const plain = await file('A plain single choice', {});
    const withDoc = await file('One with a body', { doc: '# The comparison\nBasic is daily; Pro is hourly.' });
    const withReport = await file('One with a report', { report: '<html><body><h1>Feed comparison</h1></body></html>' });
    const withOptionPage = await file('One with an option page', { optionPages: [{ ask: 1, option: 2, html: '<p>Pro tier</p>' }] });
    const approval = await file('An approval', { asks: [approvalAsk()] });
    const multiple = await file('A multi-select', {
      asks: [{ ...tierAsk(), options: [{ label: 'Basic' }, { label: 'Pro' }, { label: 'Team' }], multiple: true }],
    });
    const fact = await file('A fact', { asks: [{ kind: 'fact', prompt: 'Which account pays for it?' }] });

    const page = await signedInPage(browser, cast.url, member.token);
    await page.getByRole('heading', { name: 'A plain single choice' }).waitFor();
    await expect.poll(() => page.getByTestId('card').count()).toBe(7);
    const links = await page
      .getByTestId('card')
      .evaluateAll((cards) =>
        cards.map((card) => [
          card.querySelector('.question')?.textContent,
          card.querySelector('a.page-link')?.getAttribute('href') ?? null,
        ]),
      );
    expect(Object.fromEntries(links)).toEqual({
      'A plain single choice': null,
      'One with a body': `/decisions/${withDoc}`,
      'One with a report': `/decisions/${withReport}`,
      'One with an option page': `/decisions/${withOptionPage}`,
      'An approval': `/decisions/${approval}`,
      'A multi-select': `/decisions/${multiple}`,
      'A fact': `/decisions/${fact}`,
    });
    expect(plain).toMatch(/^sd-\d+$/);
    expect(await axeViolations(page)).toEqual([]);

    // Followed, the link opens the decision's own page, named by the visible words and the question.
    await page.getByRole('link', { name: 'Open the page of "One with a body"' }).click();
    await page.waitForURL(`**/decisions/${withDoc}`);
    await page.getByRole('heading', { level: 1, name: 'One with a body' }).waitFor();
  });
});
