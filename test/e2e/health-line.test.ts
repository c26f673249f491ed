/**
 * The health line tells the truth (FR-51…FR-55) in a real browser: a burst of decisions opened
 * after the last roll-up is never "quiet" — the band never contradicts the queue under it —
 * and once more than 25 are open, Flooded names the agent behind them and links to its
 * instructions, though the roll-up never saw one of them. The roll-up is taken before the
 * burst, as the hourly schedule would have been; each state is scanned by axe.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rollUpHealth } from '../../db/health';
import { agentRoutes } from '../../domain/routes/agents';
import { decisionRoutes } from '../../domain/routes/decisions';

import { tierAsk, world } from '../support/agent-world';
import { axeViolations } from '../support/axe';
import { screenshot, signedInPage } from '../support/browser';
import { withBrowserCast } from '../support/browser-cast';
import type { TestCast } from '../support/test-cast';

let cast: TestCast;
let browser: Browser;
withBrowserCast((started) => ({ cast, browser } = started));

const context = 'Enough context for a person to answer without opening the session, which is the point.';
const SCENARIO = 240_000;
const SLOW = { timeout: 20_000 };
const QUIET = 'Nothing has needed you in two weeks. Worth spot-checking what your agents decided on their own.';
type Me = ReturnType<typeof world>;

/** Files `count` choice decisions for an agent, a few at a time; returns their ids. */
async function burst(me: Me, agent: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 5) {
    const batch = Array.from({ length: Math.min(5, count - start) }, (_, i) => start + i);
    const replies = await Promise.all(
      batch.map((n) => me.file({ question: `Burst question ${n} from today?`, context, asks: [tierAsk()], agent })),
    );
    for (const reply of replies) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      ids.push(reply.body.decision.id);
    }
  }
  return ids;
}

const line = (page: Page) => page.getByTestId('health');
const lineText = (page: Page) => page.getByTestId('health').locator('.health-text').allTextContents();

describe('the health line tells the truth (FR-51…FR-55)', () => {
  it('FR-51: the band never contradicts the queue under it', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    const researcher = await me.agent('Researcher');
    // The roll-up, taken before any of them: on its own it would read "quiet".
    await rollUpHealth(cast.pool, me.member.workspaceId);
    expect((await me.send(decisionRoutes.listQueue)).health?.band).toBe('quiet');

    // 37 opened today, 12 of them answered: 25 open, which is not Flooded (more than 25 is).
    const ids = await burst(me, researcher.id, 37);
    for (const id of ids.slice(0, 12)) await me.answer(id, 1, { kind: 'decision', selected: [2] });

    const page = await signedInPage(browser, cast.url, me.member.token);
    await expect.poll(() => page.getByTestId('counts').allTextContents(), SLOW).toEqual(['25 open · 25 blocking']);
    await expect.poll(() => line(page).getAttribute('data-band'), SLOW).toBe('healthy');
    expect(await lineText(page)).toEqual(['Healthy — about 1 decision a day.']);
    expect(await page.getByText(QUIET).count()).toBe(0);
    expect(await page.getByTestId('card').count()).toBe(25);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'health-burst-healthy-1280');
  });

  it('FR-54: at 26 open Flooded names the agent behind most of them and links to its instructions', { timeout: SCENARIO }, async () => {
    const me = world(cast, await cast.newMember());
    const researcher = await me.agent('Researcher');
    const editor = await me.agent('Editor');
    await me.send(agentRoutes.updateAgent, { params: { id: researcher.id }, body: { instructions: 'Ask before spending money.' } });
    await rollUpHealth(cast.pool, me.member.workspaceId);
    await burst(me, researcher.id, 20);
    await burst(me, editor.id, 6);

    const page = await signedInPage(browser, cast.url, me.member.token);
    const flooded = page.getByRole('region', { name: 'Queue health: Flooded' });
    await flooded.waitFor(SLOW);
    expect(await lineText(page)).toEqual([
      'Flooded — 26 open. Answer what matters, archive the rest, then fix the instructions. Most of them: Researcher.',
    ]);
    const link = flooded.getByRole('link', { name: 'Open instructions' });
    expect(await link.getAttribute('href')).toBe(`/agents/${researcher.id}/instructions`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'health-burst-flooded-1280');

    await link.click();
    await page.waitForURL(`**/agents/${researcher.id}/instructions`);
    await page.getByRole('heading', { level: 1, name: 'Instructions for Researcher' }).waitFor(SLOW);
    expect(await page.getByLabel('Instructions', { exact: true }).inputValue()).toBe('Ask before spending money.');
  });
});
