/**
 * The person's day (issue 30, item 13), in a real browser: a permission card shows its command
 * as a monospace block that never widens a 390 px page, even for a long JSON tool input; an
 * action's instructions keep their line breaks; the Settings tokens table fits its page at 390
 * and 1440 px; on a phone (390 × 844) the first card of a full queue is on the first screen.
 * Each state is scanned by axe.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rollUpHealth } from '../../db/health';
import { missionRoutes } from '../../domain/routes/missions';
import { peopleRoutes } from '../../domain/routes/people';
import { sessionRoutes } from '../../domain/routes/sessions';
import { stackRoutes } from '../../domain/routes/stacks';
import { accessAsk, approvalAsk, tierAsk, world } from '../support/agent-world';
import { expectAccessible } from '../support/axe';
import { screenshot, signedInPage, SLOW } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import { colleagueOf } from '../support/members';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

type Me = ReturnType<typeof world>;

/** The machine is shared: waits are generous. */
const SCENARIO = 240_000;
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1440, height: 900 };
const context = 'Enough context for a person to answer without opening the session, which is the point.';

/** The test's TypeScript has no DOM library: the few shapes read here. */
type Root = { document: { documentElement: { scrollWidth: number } }; innerWidth: number; innerHeight: number };
type Measured = {
  getBoundingClientRect(): { top: number; bottom: number; right: number; width: number };
  tagName: string;
  className: string;
};
type Styled = { getComputedStyle(element: unknown): { fontFamily: string; display: string } };

/** How wide the document is, against the window: nothing scrolls sideways while `scrollWidth` ≤ `width`. */
const widths = (page: Page) =>
  page.evaluate(() => {
    const root = globalThis as unknown as Root;
    return { scrollWidth: root.document.documentElement.scrollWidth, width: root.innerWidth };
  });
/** Elements reaching past the window's right edge, by tag and class, so a failure names the culprit. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<Measured> } }).document;
    const width = (globalThis as unknown as Root).innerWidth;
    return Array.from(doc.querySelectorAll('body *'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 0.5;
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
  });

const signedIn = (me: Me, viewport: { width: number; height: number }, path = '/decisions') =>
  signedInPage(browser, cast.url, me.member.token, '/decisions', { viewport, thenOpen: path });

describe('a permission card on a phone (issue 30)', () => {
  it(
    'a permission card shows its command as a monospace block, and a long JSON tool input never widens the page at 390 px',
    async () => {
      const me = world(cast, await cast.newMember());
      const session = await me.session();
      // A JSON tool input as a host sends it: one long line with no space to break at.
      const input = JSON.stringify({
        owner: 'cast-example',
        repo: 'pricing-storefront-regional-currency-conversion',
        title: 'Refresh_the_pricing_table_for_every_regional_storefront_and_each_of_their_currencies',
        head: 'feature/pricing-table-regional-storefront-currency-conversion-rates-v2-final',
        base: 'main',
        body: 'Generated_by_the_agent_after_comparing_the_feeds_of_three_suppliers_over_the_past_ninety_days',
      });
      const filed = await me.send(sessionRoutes.fileHostPrompt, {
        params: { id: session },
        body: { kind: 'permission', tool: 'mcp__github__create_pull_request', input },
      });

      const page = await signedIn(me, PHONE);
      await page.getByTestId('card').first().locator('[data-card]').click();
      await page.getByRole('button', { name: 'Back to My Decisions' }).waitFor(SLOW);
      const detail = page.locator('.detail');
      await detail.getByRole('button', { name: 'Approve', exact: true }).waitFor(SLOW);

      // It stays inside the page: the document is no wider than the phone.
      expect(await overflowing(page)).toEqual([]);
      const { scrollWidth, width } = await widths(page);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      expect(width).toBe(PHONE.width);
      // The command, whole, as code in a block of its own, in a monospace face.
      const code = detail.locator('pre > code');
      expect(await code.textContent()).toBe(input);
      const look = await code.evaluate((element) => {
        const styled = globalThis as unknown as Styled;
        const pre = (element as unknown as { parentElement: unknown }).parentElement;
        return { font: styled.getComputedStyle(element).fontFamily, display: styled.getComputedStyle(pre).display };
      });
      expect(look.font).toMatch(/mono/i);
      expect(look.display).toBe('block');
      await screenshot(page, 'permission-json-390');
      await expectAccessible(page);
      expect((await me.decision(filed.decision.id)).status).toBe('open');
    },
    SCENARIO,
  );
});

describe('an action ask (issue 30)', () => {
  it(
    "§6.3: an action's instructions keep their line breaks",
    async () => {
      const me = world(cast, await cast.newMember());
      const lines = ['Open the billing console.', 'Rotate the API key.', 'Paste the new key into the vault.'];
      await me.file({
        question: 'Rotate the billing key?',
        context,
        asks: [{ kind: 'action', prompt: 'Rotate the key by hand', instructions: lines.join('\n') }],
      });
      const page = await signedIn(me, DESK);
      const instructions = page.locator('.detail').getByText(lines[0]!, { exact: false });
      await instructions.waitFor(SLOW);
      // What the browser draws, line by line: one line each, in order.
      expect((await instructions.innerText()).split('\n')).toEqual(lines);
      const tops = await page
        .locator('.detail')
        .getByText(lines[0]!, { exact: false })
        .evaluate((element) => (element as unknown as Measured).getBoundingClientRect());
      expect(tops.bottom - tops.top).toBeGreaterThan(40);
      await expectAccessible(page);
      await screenshot(page, 'action-instructions-1440');
    },
    SCENARIO,
  );
});

describe('the Settings tokens table (issue 30)', () => {
  it(
    'fits its page at 390 and at 1440 px: nothing scrolls sideways',
    async () => {
      const me = world(cast, await cast.newMember());
      // Agents' tokens with long names and labels, one expiring, and the person's own.
      for (const [agent, label] of [
        ['Researcher-for-the-quarterly-pricing-refresh', 'ci runner on the build farm'],
        ['Coder', 'laptop'],
        ['Mailer', 'staging box in the second region'],
      ] as const) {
        await me.send(peopleRoutes.createToken, { body: { agent, label, expiresIn: '90d' } });
      }
      await me.send(peopleRoutes.createToken, { body: { label: 'my phone' } });

      const page = await signedIn(me, DESK, '/settings');
      await expect.poll(() => page.getByTestId('token-row').count(), SLOW).toBe(5);
      for (const viewport of [DESK, PHONE]) {
        await page.setViewportSize(viewport);
        await screenshot(page, `settings-tokens-${viewport.width}`);
        expect(await overflowing(page)).toEqual([]);
        const { scrollWidth, width } = await widths(page);
        expect(scrollWidth).toBeLessThanOrEqual(width);
        // The table itself fits its section, so no row hides its Revoke off to the side.
        const table = await page.getByTestId('tokens').evaluate((element) => (element as unknown as Measured).getBoundingClientRect());
        expect(table.right).toBeLessThanOrEqual(width);
      }
      await expectAccessible(page);
    },
    SCENARIO,
  );
});

describe('the queue on a phone (issue 30)', () => {
  it(
    '390 × 844: with a full day’s queue — every ask kind, a stack, agents, tasks, a mission, a teammate — the first card is on the first screen',
    async () => {
      const me = world(cast, await cast.newMember());
      const dana = world(cast, await colleagueOf(cast.pool, me.member, 'Dana'));
      const agents = [await me.agent('Researcher'), await me.agent('Coder'), await me.agent('Mailer')];
      const mission = (await me.send(missionRoutes.createMission, { body: { name: 'Pricing accuracy' } })).mission;
      const tasks = [await me.task('Refresh the pricing page', { missionId: mission.id }), await me.task('Launch the newsletter')];
      const kinds = [
        [tierAsk()],
        [approvalAsk()],
        [accessAsk()],
        [{ kind: 'fact', prompt: 'What is the EU VAT rate we charge?' }],
        [{ kind: 'action', prompt: 'Rotate the key by hand', instructions: 'Open the console.\nRotate it.' }],
        [tierAsk(), approvalAsk()],
      ];
      const ids: string[] = [];
      for (let n = 0; n < 26; n += 1) {
        // The first says all it knows in its question, as agents do; the rest are two lines or so.
        const question =
          n === 0
            ? 'The pricing feed for the EU storefronts disagrees with the finance sheet on 14 products: the feed says the VAT-inclusive price went up by 4% on 1 March, the sheet still has the February prices, and two of the products are in the launch email that goes out tomorrow morning. Should I publish the feed’s prices now, keep the sheet’s until finance confirms, or pull the two products from the email and publish the rest?'
            : `Decision ${n + 1} of the day: which way should this go before the launch?`;
        const filed = await (n % 4 === 3 ? dana : me).file({
          question,
          context,
          asks: kinds[n % kinds.length],
          agent: agents[n % 3]!.id,
          ...(n % 2 === 0 ? { task: tasks[n % 4 === 0 ? 0 : 1]!.id } : {}),
          confidence: (n % 10) / 10,
        });
        expect(filed.status, JSON.stringify(filed.body)).toBe(201);
        ids.push(filed.body.decision.id);
      }
      // An overdue stack: the queue lists it before everything else.
      await me.send(stackRoutes.createStack, {
        body: { title: 'Launch checklist', dueAt: new Date(Date.now() + 60_000).toISOString(), decisions: ids.slice(0, 3) },
      });
      await rollUpHealth(cast.pool, me.member.workspaceId);

      const page = await signedIn(me, PHONE);
      await page.getByTestId('card').first().waitFor(SLOW);
      await page.getByTestId('health').waitFor(SLOW);
      const height = await page.evaluate(() => (globalThis as unknown as Root).innerHeight);
      expect(height).toBe(PHONE.height);
      // The whole first card — question, who asked, chips — is within the first screen, on load.
      const first = await page
        .getByTestId('card')
        .first()
        .evaluate((element) => (element as unknown as Measured).getBoundingClientRect());
      expect(first.top).toBeGreaterThanOrEqual(0);
      expect(first.bottom).toBeLessThanOrEqual(height);
      expect((await widths(page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, 'queue-first-card-390x844');
      await expectAccessible(page);
    },
    SCENARIO,
  );
});
