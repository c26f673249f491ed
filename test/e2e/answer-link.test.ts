/**
 * Issue 40 items 5 and 6 in the real browser: a member opens an answer link as it would arrive in
 * an email — not signed in — reads on the confirmation page exactly what pressing answers,
 * presses, and is told it is answered; the same link opened again is refused. The decision's page
 * and the activity history then say the answer came from an email, beside who gave it. At the
 * desktop width and at a phone's, each page clean under axe.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mintAnswerLink } from '../../answer-links/mint-answer-link';
import { tierAsk, world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { screenshot, signedInPage, SLOW, WIDTHS } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { colleagueOf } from '../support/members';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const SCENARIO = 240_000;
async function expectClean(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** The page fits its width: nothing scrolls sideways. */
async function expectFits(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document
      .documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('issue 40 items 5 and 6: an answer link in the browser', () => {
  for (const { name: label, viewport } of WIDTHS) {
    it(
      `issue 40 items 5 and 6 (${label} px): the link opens a confirmation page that answers nothing; its button answers; opened again it is refused; the decision says "from an email"`,
      async () => {
        const owner = await cast.newMember();
        const danaName = `Dana ${randomUUID().slice(0, 4)}`;
        const dana = await colleagueOf(cast.pool, owner, danaName);
        const me = world(cast, owner);
        const filed = await me.file({
          question: 'Which data feed tier do we buy for the backtest?',
          context: 'The research agent needs prices for the backtest; the budget holds either tier.',
          asks: [tierAsk()],
        });
        const decision = filed.body.decision;
        const url = await mintAnswerLink(
          { pool: cast.pool, publicUrl: cast.url },
          {
            workspace: owner.workspaceId,
            member: dana.memberId,
            decision: decision.id,
            ask: 1,
            option: 2,
            revision: decision.revision,
            channel: 'email',
          },
        );

        // Opened from the email: no session, the link is the credential.
        const context = await browser.newContext({ viewport });
        try {
          const page = await context.newPage();
          await page.goto(url);
          await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW).toBe(`Answer ${decision.id}?`);
          expect(await page.getByTestId('link-question').textContent()).toBe('Which data feed tier do we buy for the backtest?');
          expect(await page.getByTestId('link-ask').textContent()).toBe('Which feed tier?');
          expect(await page.getByTestId('link-answer').textContent()).toBe('Pro');
          expect(await page.getByText(`${danaName}, from an email`).count()).toBe(1);
          await expectFits(page);
          await expectClean(page);
          await screenshot(page, `answer-link-confirm-${label}`);
          // Opening (and reloading) the page answered nothing.
          await page.reload();
          expect((await me.decision(decision.id)).asks[0]!.answer).toBeNull();

          await page.getByRole('button', { name: 'Answer “Pro”' }).click();
          await expect.poll(() => page.getByTestId('link-answered').textContent(), SLOW).toBe('You answered “Pro”. The agent is told.');
          await expectFits(page);
          await expectClean(page);
          await screenshot(page, `answer-link-answered-${label}`);

          const answered = await me.decision(decision.id);
          expect(answered.status).toBe('resolved');
          expect(answered.asks[0]!.answer).toMatchObject({ answeredBy: dana.memberId, provenance: { channel: 'email' } });

          await page.goto(url);
          await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW).toBe('This link was already used');
          expect(await page.getByRole('link', { name: 'Open the decision' }).getAttribute('href')).toBe(`/decisions/${decision.id}`);
          await expectClean(page);
          await screenshot(page, `answer-link-used-${label}`);
        } finally {
          await context.close();
        }

        // Issue 40 item 6: the decision and its history say who answered, and from where.
        const signedIn = await signedInPage(browser, cast.url, owner.token, `/decisions/${decision.id}`, { viewport, until: 'signed-in' });
        try {
          const detail = signedIn.locator('.detail');
          await detail.getByTestId('answered-line').waitFor(SLOW);
          expect(await detail.getByTestId('answered-line').textContent()).toMatch(
            new RegExp(`^Pro — answered by ${danaName} from an email · `),
          );
          expect(await detail.getByTestId('answer-provenance').textContent()).toMatch(/^From an email · approved input [0-9a-f]{12}$/);
          expect(await detail.getByTestId('byline').textContent()).toMatch(new RegExp(`^answered by ${danaName} from an email · `));
          await expectClean(signedIn);
          await screenshot(signedIn, `answer-link-decision-${label}`);

          await signedIn.goto(`${cast.url}/activity`);
          const entry = signedIn.locator(`[data-testid="activity-entry"][data-kind="answered"][data-subject="${decision.id}"]`);
          await entry.waitFor(SLOW);
          expect(await entry.getByTestId('activity-channel').textContent()).toBe(' · From an email');
          expect(await entry.textContent()).toContain(danaName);
        } finally {
          await signedIn.close();
        }
      },
      SCENARIO,
    );
  }
});
